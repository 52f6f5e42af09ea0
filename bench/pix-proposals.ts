// Issue 11's numbers for the Pix charge and the fee proposals. Run: `npm run bench -- pix-proposals
// [--db=postgres|pglite] [--proposals=100000] [--entries=100000] [--runs=300]`.
//
// One office with --proposals fee proposals and --entries pending receitas, and a second office with as many
// of each (its rows must not be walked). Timed in process through the real app (session, requireOffice,
// validation, query, JSON), p50/p99 over --runs requests one at a time: the dialog's list (first page, and
// filtered by status), a proposal's PDF, and a Pix charge (a write: the pix_charges upsert + the audit row).
// Target p99 ≤ 300 ms. The list statement is EXPLAINed.
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { openDatabase, type DbHandle, type DbKind } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { signUpSchema } from '../src/features/auth/auth.schema'
import { createAccount } from '../src/features/auth/signup.service.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
import { createApp } from '../src/server/app.server'
import { flagValue, ms, percentile, printTable, SCRATCH, type Row } from './lib/bench'
import { createThrowawayDatabase, postgresUrl } from './lib/database'

export const description =
  'Pix e propostas (issue 11): lista de propostas, PDF e cobrança Pix com 100 mil propostas e 100 mil receitas'

const PASSWORD = 'bench-senha-123'
const TARGET_P99 = 300

async function open(kind: DbKind): Promise<{ handle: DbHandle; dataDir: string; drop: () => Promise<void> }> {
  fs.mkdirSync(SCRATCH, { recursive: true })
  const dataDir = fs.mkdtempSync(path.join(SCRATCH, `pix-${kind}-`))
  if (kind === 'pglite') {
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
    return { handle, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
  }
  const serverUrl = await postgresUrl()
  if (!serverUrl)
    throw new Error('PostgreSQL indisponível (BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)')
  const database = await createThrowawayDatabase(serverUrl, 'jc_bench_pix')
  const handle = await openDatabase({ databaseUrl: database.url })
  return {
    handle,
    dataDir,
    drop: async () => {
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const lawyer = (email: string, nomeCompleto: string) =>
  signUpSchema.parse({
    userType: 'advogado',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    nomeCompleto,
    telefone: '(11) 98765-4321',
    estadoId: 35,
    cidadeId: 3550308,
    oabNumero: '123456',
    oabEstado: 'SP',
  })

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

/** --proposals proposals over 1 000 clients and --entries pending receitas in one office, set-based. */
async function seedOffice(
  handle: DbHandle,
  officeId: string,
  userId: string,
  proposals: number,
  entries: number,
) {
  const db = handle.db
  await db.execute(sql`
    insert into clients (office_id, created_by, nome_completo)
    select ${officeId}, ${userId}, 'Cliente ' || g from generate_series(1, 1000) g`)
  await db.execute(sql`
    insert into fee_proposals (office_id, client_id, modelo, valor_fixo, parcelas, primeiro_vencimento,
      percentual_exito, validade, status, accepted_at, created_by, created_at)
    select ${officeId}, c.id, 'misto', 1000 + g % 9000, 1 + g % 12, date '2030-01-01' + g % 365, 10 + g % 20,
      date '2030-06-01', (array['rascunho','enviada','aceita','recusada'])[1 + g % 4],
      case when g % 4 = 2 then now() end, ${userId}, now() - make_interval(secs => g)
    from generate_series(1, ${proposals}) g
    join lateral (select id from clients where office_id = ${officeId} offset (g % 1000) limit 1) c on true`)
  await db.execute(sql`
    insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, created_by)
    select ${officeId}, 'receita', 'honorarios', 'Honorários ' || g, 100 + g % 5000, date '2030-01-01' + g % 700,
      ${userId}
    from generate_series(1, ${entries}) g`)
}

export async function run(flags: string[]): Promise<void> {
  const kind = (flagValue(flags, 'db') ?? 'postgres') as DbKind
  const proposals = Number(flagValue(flags, 'proposals') ?? 100_000)
  const entries = Number(flagValue(flags, 'entries') ?? 100_000)
  const runs = Number(flagValue(flags, 'runs') ?? 300)
  const { handle, dataDir, drop } = await open(kind)
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const db = handle.db
    const seedStarted = performance.now()
    const offices: { officeId: string; userId: string }[] = []
    for (const [email, nome] of [
      ['bench-pix@jusconecta.test', 'Sócia Pix'],
      ['bench-pix-outro@jusconecta.test', 'Outro Escritório'],
    ] as const) {
      const account = await createAccount(db, lawyer(email, nome))
      const [member] = await db
        .select({ officeId: officeMembers.officeId })
        .from(officeMembers)
        .where(eq(officeMembers.userId, account.userId))
      if (!member) throw new Error('office not created')
      offices.push({ officeId: member.officeId, userId: account.userId })
      await seedOffice(handle, member.officeId, account.userId, proposals, entries)
    }
    const own = offices[0]!
    await db.execute(sql`
      insert into office_settings (office_id, nome_escritorio, pix_chave, pix_tipo, pix_nome, pix_cidade)
      values (${own.officeId}, 'Escritório Benchmark', 'pix@escritorio.adv.br', 'email', 'Escritorio Benchmark',
        'Sao Paulo')`)
    for (const table of ['clients', 'fee_proposals', 'financial_entries'])
      await db.execute(sql.raw(`analyze ${table}`))
    console.log(
      `  seed: ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (2 escritórios × ${proposals} propostas e ${entries} receitas)`,
    )

    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_API_MAX: '1000000',
    })
    const app = createApp(buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-01'))
    const signedIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
      body: JSON.stringify({ email: 'bench-pix@jusconecta.test', password: PASSWORD }),
    })
    if (!signedIn.ok) throw new Error(`sign-in falhou: ${signedIn.status}`)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

    const pickIds = async (table: 'fee_proposals' | 'financial_entries') =>
      (
        await db.execute<{ id: string }>(
          sql`select id from ${sql.identifier(table)} where office_id = ${own.officeId} order by random() limit ${runs + 20}`,
        )
      ).rows.map((row) => row.id)
    const proposalIds = await pickIds('fee_proposals')
    const entryIds = await pickIds('financial_entries')

    const measure = async (url: (i: number) => string, read: 'json' | 'bytes') => {
      const latencies: number[] = []
      for (let i = 0; i < runs + 20; i++) {
        const started = performance.now()
        const response = await app.request(url(i), { headers: { cookie } })
        if (read === 'json') await response.json()
        else await response.arrayBuffer()
        const elapsed = performance.now() - started
        if (response.status !== 200) throw new Error(`${url(i)}: ${response.status}`)
        if (i >= 20) latencies.push(elapsed)
      }
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
    }

    const rows: Row[] = []
    for (const [name, url, read] of [
      ['propostas: 1ª página', () => '/api/financial/proposals?limit=50', 'json'],
      ["propostas: status 'aceita'", () => '/api/financial/proposals?status=aceita&limit=50', 'json'],
      ['proposta: PDF', (i: number) => `/api/financial/proposals/${proposalIds[i]}/pdf`, 'bytes'],
      ['cobrança Pix (grava)', (i: number) => `/api/financial/entries/${entryIds[i]}/pix`, 'json'],
    ] as const) {
      const stats = await measure(url, read)
      console.log(`  ${name}: p50 ${ms(stats.p50)} p99 ${ms(stats.p99)}`)
      rows.push({
        metric: `${kind} ${name}`,
        value: `p50 ${ms(stats.p50)} / p99 ${ms(stats.p99)}`,
        target: `p99 ≤ ${TARGET_P99} ms`,
        note: stats.p99 <= TARGET_P99 ? 'OK' : 'ACIMA',
      })
    }

    // The list's first page as the service runs it (office index, newest first), EXPLAINed.
    const raw = (db as unknown as { $client: RawClient }).$client
    const plan = await raw.query(
      `explain (analyze, costs off, timing off)
       select p.id from fee_proposals p
       left join clients c on c.office_id = p.office_id and c.id = p.client_id
       where p.office_id = $1 order by p.created_at desc nulls last, p.id desc nulls last limit 50`,
      [own.officeId],
    )
    console.log('  plano da 1ª página:')
    for (const line of plan.rows) console.log(`    ${String(Object.values(line)[0])}`)
    printTable(rows)
  } finally {
    await handle.close()
    await drop()
  }
}
