// Issue 9's agenda number. Run: `npm run bench -- agenda [--db=postgres|pglite] [--events=5000] [--runs=300]`.
//
// Month view API at 5,000 events in one office: the events are seeded with one SQL insert spread over two
// years (about 200 a month, every type and status), then GET /api/agenda/events?from=…&to=… (one month in
// São Paulo time, limit 100, ordered by inicio, with the count) and GET /api/agenda/stats are timed in
// process (the real app: session, requireOffice, validation, query, JSON; no socket), p50/p99 over --runs
// requests one at a time. PostgreSQL unless --db=pglite (BENCH_DATABASE_URL / TEST_DATABASE_URL or
// 127.0.0.1:5432).
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

export const description = 'agenda (issue 9): visão do mês (API) com 5.000 eventos num escritório, p50/p99'

const EMAIL = 'bench-agenda@jusconecta.test'
const PASSWORD = 'bench-senha-123'

async function open(kind: DbKind): Promise<{ handle: DbHandle; dataDir: string; drop: () => Promise<void> }> {
  fs.mkdirSync(SCRATCH, { recursive: true })
  const dataDir = fs.mkdtempSync(path.join(SCRATCH, `agenda-${kind}-`))
  if (kind === 'pglite') {
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
    return { handle, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
  }
  const serverUrl = await postgresUrl()
  if (!serverUrl)
    throw new Error('PostgreSQL indisponível (BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)')
  const database = await createThrowawayDatabase(serverUrl, 'jc_bench_agenda')
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

export async function run(flags: string[]): Promise<void> {
  const kind = (flagValue(flags, 'db') ?? 'postgres') as DbKind
  const count = Number(flagValue(flags, 'events') ?? 5000)
  const runs = Number(flagValue(flags, 'runs') ?? 300)
  const { handle, dataDir, drop } = await open(kind)
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const { userId } = await createAccount(
      handle.db,
      signUpSchema.parse({
        userType: 'advogado',
        email: EMAIL,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        nomeCompleto: 'Advogada Benchmark',
        telefone: '(11) 98765-4321',
        estadoId: 35,
        cidadeId: 3550308,
        oabNumero: '123456',
        oabEstado: 'SP',
      }),
    )
    const [membership] = await handle.db
      .select({ officeId: officeMembers.officeId })
      .from(officeMembers)
      .where(eq(officeMembers.userId, userId))
    if (!membership) throw new Error('office not created')
    const seedStarted = performance.now()
    // Spread over 2027-01-01 … 2028-12-31, between 08:00 and 18:00 São Paulo time.
    await handle.db.execute(sql`
      insert into events (office_id, created_by, titulo, tipo, status, prioridade, inicio, dia_inteiro, local,
                          lembrete_minutos)
      select ${membership.officeId}, ${userId}, 'Evento ' || g,
             (array['audiencia','prazo','reuniao','lembrete'])[1 + g % 4],
             (array['agendado','confirmado','cancelado','concluido'])[1 + (g / 4) % 4],
             (array['alta','media','baixa'])[1 + g % 3],
             timestamptz '2027-01-01 11:00:00+00' + ((g * 730.0 / ${count}) || ' days')::interval
               + (((g * 37) % 10) || ' hours')::interval,
             g % 4 = 1, 'Fórum ' || (g % 50), (array[15, 60, 1440, null])[1 + g % 4]
      from generate_series(1, ${count}) g`)
    await handle.db.execute(sql`analyze events`)
    console.log(`  seed: ${((performance.now() - seedStarted) / 1000).toFixed(2)} s (${count} eventos)`)

    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      // The bench measures the query, not the per-user limit (600/min in production).
      RATE_LIMIT_API_MAX: '1000000',
    })
    const app = createApp(buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-01'))
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
    if (!signIn.ok) throw new Error(`sign-in falhou: ${signIn.status}`)
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

    // One month in São Paulo time (00:00 −03:00), as the month view asks it.
    const month = '/api/agenda/events?from=2027-06-01T03:00:00.000Z&to=2027-07-01T03:00:00.000Z&limit=100'
    const week = '/api/agenda/events?from=2027-06-06T03:00:00.000Z&to=2027-06-13T03:00:00.000Z&limit=100'
    const rows: Row[] = []
    for (const [name, url] of [
      ['visão do mês (100 por página)', month],
      ['visão da semana', week],
      ['cartões (stats)', '/api/agenda/stats'],
      ['lista, 1ª página', '/api/agenda/events'],
    ] as const) {
      const latencies: number[] = []
      let total = 0
      for (let i = 0; i < runs + 20; i++) {
        const started = performance.now()
        const response = await app.request(url, { headers: { cookie } })
        const body = (await response.json()) as { total?: number }
        const elapsed = performance.now() - started
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
        if (i >= 20) latencies.push(elapsed)
        total = body.total ?? 0
      }
      const p50 = percentile(latencies, 50)
      const p99 = percentile(latencies, 99)
      console.log(`  ${name}: p50 ${ms(p50)} p99 ${ms(p99)} (${latencies.length} req.; total ${total})`)
      rows.push({
        metric: `${kind} ${name}`,
        value: `p50 ${ms(p50)} / p99 ${ms(p99)}`,
        note: `${count} eventos; ${latencies.length} req.${total ? `; total ${total}` : ''}`,
      })
    }
    printTable(rows)
  } finally {
    await handle.close()
    await drop()
  }
}
