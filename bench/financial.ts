// Issue 11's numbers for the Financeiro. Run: `npm run bench -- financial [--db=postgres|pglite]
// [--clients=100000] [--cases=200000] [--entries=500000] [--runs=40] [--plans] [--keep]`.
// `--keep` keeps the seeded database for the next run (bench/lib/office-db.ts): seed once, measure often.
//
// One office with --clients clients, --cases cases and --entries financial entries, plus a second office a tenth
// of the size whose rows share the tables and indexes. The cards (month, year), the list's first page, searches,
// filters, the 12-month chart and the CSV are timed through the real app in process (session, requireOffice,
// validation, queries, JSON; no socket) for the sócio and for an associado responsible for 2 000 cases: p50/p99
// over --runs requests one at a time (target p99 ≤ 300 ms). Every statement the services issue is captured with
// a Drizzle logger and EXPLAINed; a Seq Scan on financial_entries is flagged.
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { type Database, type DbKind } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import * as schema from '../src/db/schema.server'
import { createAccount } from '../src/features/auth/signup.service.server'
import { users } from '../src/features/auth/auth.table.server'
import { getChart, getSummary, listEntries } from '../src/features/financial/financial.service.server'
import type { FinancialScope } from '../src/features/financial/financial.write.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { todayISO } from '../src/lib/br/dates'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
import { createApp } from '../src/server/app.server'
import { flagValue, ms, percentile, printTable, type Row } from './lib/bench'
import { benchAccount, BENCH_PASSWORD, openBenchDatabase } from './lib/office-db'
import { seedClientsAndCases, seedFinancialEntries } from './lib/financial-seed'

export const description = 'financeiro (issue 11): 100 mil clientes, 200 mil casos, 500 mil lançamentos'

const PASSWORD = BENCH_PASSWORD
const TARGET_P99 = 300

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

/** Accounts and both offices' rows, then statistics (skipped when `--keep` reuses a seeded database). */
async function seedBench(
  db: Database,
  sizes: { clients: number; cases: number; entries: number },
): Promise<void> {
  await seedReferenceData(db)
  const socio = await createAccount(
    db,
    benchAccount('advogado', 'bench-socio@jusconecta.test', 'Sócia Benchmark'),
  )
  const assoc = await createAccount(
    db,
    benchAccount('estudante', 'bench-assoc@jusconecta.test', 'Associado Benchmark'),
  )
  const other = await createAccount(
    db,
    benchAccount('advogado', 'bench-outro@jusconecta.test', 'Outro Escritório'),
  )
  const officeOf = async (userId: string) => {
    const [row] = await db
      .select({ id: officeMembers.id, officeId: officeMembers.officeId })
      .from(officeMembers)
      .where(eq(officeMembers.userId, userId))
    if (!row) throw new Error('office not created')
    return row
  }
  const officeId = (await officeOf(socio.userId)).officeId
  const [associado] = await db
    .insert(officeMembers)
    .values({ officeId, userId: assoc.userId, nivelAcesso: 'associado' })
    .returning({ id: officeMembers.id })
  if (!associado) throw new Error('associado not added')

  const seedStarted = performance.now()
  await seedClientsAndCases(db, officeId, sizes)
  await seedFinancialEntries(db, officeId, sizes.entries)
  await db.execute(sql`
    insert into case_members (office_id, case_id, member_id)
    select office_id, id, ${associado.id} from cases where office_id = ${officeId} order by id limit 2000`)
  const otherOffice = await officeOf(other.userId)
  await seedClientsAndCases(db, otherOffice.officeId, {
    clients: sizes.clients / 10,
    cases: sizes.cases / 10,
  })
  await seedFinancialEntries(db, otherOffice.officeId, sizes.entries / 10)
  for (const table of ['clients', 'cases', 'case_members', 'financial_entries', 'office_members'])
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  console.log(`  seed: ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${JSON.stringify(sizes)})`)
}

export async function run(flags: string[]): Promise<void> {
  const kind = (flagValue(flags, 'db') ?? 'postgres') as DbKind
  const sizes = {
    clients: Number(flagValue(flags, 'clients') ?? 100_000),
    cases: Number(flagValue(flags, 'cases') ?? 200_000),
    entries: Number(flagValue(flags, 'entries') ?? 500_000),
  }
  const runs = Number(flagValue(flags, 'runs') ?? 40)
  const keep = flags.includes('--keep')
  const { handle, dataDir, drop, seeded, markSeeded } = await openBenchDatabase(kind, 'financial', {
    keep,
    seedKey: JSON.stringify(sizes),
  })
  try {
    await runMigrations(handle)
    const db = handle.db
    if (seeded) {
      console.log('  seed: banco mantido de uma execução anterior (--keep)')
      await db.execute(sql`analyze`)
    } else await seedBench(db, sizes)
    if (keep && !seeded) await markSeeded()
    const memberOf = async (email: string) => {
      const [row] = await db
        .select({ id: officeMembers.id, officeId: officeMembers.officeId })
        .from(officeMembers)
        .innerJoin(users, eq(users.id, officeMembers.userId))
        .where(eq(users.email, email))
      if (!row) throw new Error(`membro de ${email} não encontrado`)
      return row
    }
    const officeId = (await memberOf('bench-socio@jusconecta.test')).officeId
    const associado = await memberOf('bench-assoc@jusconecta.test')

    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_API_MAX: '1000000',
    })
    const app = createApp(buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-01'))
    const signIn = async (email: string) => {
      const response = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      if (!response.ok) throw new Error(`sign-in falhou: ${response.status}`)
      return response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
    }
    const cookies = {
      sócio: await signIn('bench-socio@jusconecta.test'),
      associado: await signIn('bench-assoc@jusconecta.test'),
    }
    const measure = async (cookie: string, url: string, times = runs) => {
      const latencies: number[] = []
      for (let i = 0; i < times + 5; i++) {
        const started = performance.now()
        const response = await app.request(url, { headers: { cookie } })
        await response.arrayBuffer()
        const elapsed = performance.now() - started
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
        if (i >= 5) latencies.push(elapsed)
      }
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
    }

    const today = todayISO()
    const month = { from: `${today.slice(0, 7)}-01`, to: today }
    const year = { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` }
    const scenarios: [string, string][] = [
      ['cartões (mês)', `/api/financial/summary?from=${month.from}&to=${month.to}`],
      ['cartões (ano)', `/api/financial/summary?from=${year.from}&to=${year.to}`],
      ['1ª página', '/api/financial/entries'],
      ["busca cliente 'araujo'", '/api/financial/entries?q=araujo'],
      ["busca descrição 'parecer 12'", '/api/financial/entries?q=parecer%2012'],
      ['filtro vencido', '/api/financial/entries?status=vencido'],
      ['filtro despesa + pago', '/api/financial/entries?tipo=despesa&status=pago'],
      ['gráfico 12 meses', '/api/financial/chart'],
    ]
    const rows: Row[] = []
    for (const [label, url] of scenarios) {
      for (const who of ['sócio', 'associado'] as const) {
        const stats = await measure(cookies[who], url)
        const ok = stats.p99 <= TARGET_P99
        console.log(`  ${label} (${who}): p50 ${ms(stats.p50)} p99 ${ms(stats.p99)}`)
        rows.push({
          metric: `${kind} ${label} (${who})`,
          value: `p50 ${ms(stats.p50)} / p99 ${ms(stats.p99)}`,
          target: `p99 ≤ ${TARGET_P99} ms`,
          note: ok ? 'OK' : 'ACIMA',
        })
      }
    }
    const csv = await measure(cookies.sócio, '/api/financial/entries/export.csv?tipo=despesa&status=pago', 3)
    rows.push({
      metric: `${kind} CSV despesas pagas (sócio)`,
      value: `p50 ${ms(csv.p50)}`,
      note: 'informativo',
    })

    // Every statement the services issue, captured and EXPLAINed (both scopes).
    const raw = (db as unknown as { $client: RawClient }).$client
    let captured: { sql: string; params: unknown[] }[] = []
    const logger = {
      logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }),
    }
    const logged =
      kind === 'pglite'
        ? (drizzlePglite({ client: raw as unknown as PGlite, schema, logger }) as unknown as Database)
        : (drizzlePg({ client: raw as unknown as pg.Pool, schema, logger }) as unknown as Database)
    let seqScans = 0
    for (const scope of [
      { officeId, restrictTo: null },
      { officeId, restrictTo: associado.id },
    ] satisfies FinancialScope[]) {
      captured = []
      await getSummary(logged, scope, year.from, year.to)
      await getChart(logged, scope)
      for (const filter of [
        { q: undefined, tipo: 'todos', status: 'todos' },
        { q: 'araujo', tipo: 'todos', status: 'todos' },
        { q: undefined, tipo: 'todos', status: 'vencido' },
        { q: undefined, tipo: 'despesa', status: 'pago' },
      ] as const) {
        await listEntries(logged, scope, { ...filter, limit: 50, offset: 0 })
      }
      for (const statement of captured) {
        const plan = await raw.query(`explain (costs off) ${statement.sql}`, statement.params)
        const lines = plan.rows.map((line) => String(Object.values(line)[0]))
        const seq = lines.filter((line) => line.includes('Seq Scan on financial_entries'))
        seqScans += seq.length
        if (seq.length > 0 || flags.includes('--plans')) {
          console.log(
            `  plano (${scope.restrictTo ? 'associado' : 'sócio'}): ${statement.sql.slice(0, 140)}…`,
          )
          for (const line of lines) console.log(`    ${line}`)
        }
      }
    }
    rows.push({
      metric: `${kind} EXPLAIN das consultas (sócio e associado)`,
      value: `${seqScans} Seq Scan em financial_entries`,
      target: '0',
      note: seqScans === 0 ? 'OK (só índices)' : 'VER PLANOS ACIMA',
    })
    printTable(rows)
  } finally {
    await handle.close()
    await drop()
  }
}
