// npm run bench -- logs [--size=10000000] [--runs=100] [--fresh] [--plans]
//
// /admin/logs at the scale (issue 14: p99 ≤ 200 ms at 10 M events). Seeds platform_events on
// PostgreSQL with generate_series (180 days of sign-ins, failures, lockouts, new users, permission changes,
// backups and server errors), KEEPING the database (bench_logs) between runs: the seed is paid once;
// --fresh drops it. Indexes are dropped during the bulk insert and rebuilt after (their definitions are read
// back from pg_indexes, i.e. exactly what the migration created). Then it measures what GET /api/admin/logs
// and /summary run — listPlatformEvents() and getLogsSummary() on the database — p50/p99 over --runs runs,
// and EXPLAIN ANALYZEs the very statements they send (captured at the pg pool). Fails on a Seq Scan.
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { openDatabase } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import type { LogsQuery } from '../src/features/platform-logs/platform-logs.schema'
import {
  getLogsSummary,
  listPlatformEvents,
} from '../src/features/platform-logs/platform-logs.service.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { flagValue, ms, percentile, printTable, type Row } from './lib/bench'
import { keptDatabase, postgresUrl } from './lib/database'

export const description =
  '/admin/logs a 10 milhões de eventos (PostgreSQL, banco mantido): p50/p99 e EXPLAIN das consultas'

const TARGET_P99_MS = 200
const CHUNK = 1_000_000
const DAYS = 180

interface Captured {
  text: string
  values: unknown[]
}

/** Records the SQL the pool runs while `fn` runs (to EXPLAIN the service's own statements). */
async function capture(pool: pg.Pool, fn: () => Promise<unknown>): Promise<Captured[]> {
  const captured: Captured[] = []
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  const patched = (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? [])
    captured.push({ text, values: params })
    return original(config, values)
  }
  ;(pool as unknown as { query: typeof patched }).query = patched
  try {
    await fn()
  } finally {
    ;(pool as unknown as { query: typeof original }).query = original
  }
  return captured
}

async function seed(pool: pg.Pool, size: number) {
  const { rows: indexes } = await pool.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'platform_events'
       and indexname <> 'platform_events_pkey'`,
  )
  for (const index of indexes) await pool.query(`drop index ${index.indexname}`)
  const started = performance.now()
  for (let from = 1; from <= size; from += CHUNK) {
    const to = Math.min(size, from + CHUNK - 1)
    // Oldest first, so identity ids grow with time as in production. Kinds by share: 60 % sign-ins,
    // 20 % failures (with addresses), 1 % lockouts, 5 % new users, 2 % permissions, 5 % backups,
    // 0.5 % failed backups, 6.5 % server errors (with request ids).
    await pool.query(
      `insert into platform_events (at, kind, severity, actor_user_id, target_user_id, ip, request_id, details)
       select at, kind,
         case kind when 'erro_servidor' then 'erro' when 'backup_falhou' then 'erro'
           when 'login_falhou' then 'aviso' when 'bloqueio_conta' then 'aviso' else 'info' end,
         case when kind in ('login', 'novo_usuario', 'permissao', 'backup') then 'u' || (g % 50000) end,
         case when kind in ('login_falhou', 'bloqueio_conta', 'permissao') then 'u' || ((g * 7) % 50000) end,
         case when kind in ('login', 'login_falhou', 'bloqueio_conta')
           then '10.' || (g % 200) || '.' || ((g / 200) % 250) || '.' || ((g / 50000) % 250 + 1) end,
         case when kind = 'erro_servidor' then md5(g::text) end,
         case kind when 'login' then '{"method":"password"}'::jsonb
           when 'erro_servidor' then '{"errorClass":"DrizzleQueryError","route":"/api/clients","method":"POST"}'::jsonb
           else '{}'::jsonb end
       from (
         select g, now() - make_interval(secs => (${DAYS} * 86400.0) * (1 - g::float8 / $1)) as at,
           case when g % 1000 < 600 then 'login' when g % 1000 < 800 then 'login_falhou'
             when g % 1000 < 810 then 'bloqueio_conta' when g % 1000 < 860 then 'novo_usuario'
             when g % 1000 < 880 then 'permissao' when g % 1000 < 930 then 'backup'
             when g % 1000 < 935 then 'backup_falhou' else 'erro_servidor' end as kind
         from generate_series($2::bigint, $3::bigint) as g
       ) as s`,
      [size, from, to],
    )
    console.log(
      `  ${to.toLocaleString('pt-BR')} eventos (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    )
  }
  const indexStarted = performance.now()
  for (const index of indexes) await pool.query(index.indexdef)
  await pool.query('vacuum analyze platform_events')
  console.log(
    `Semeados ${size.toLocaleString('pt-BR')} eventos em ${((indexStarted - started) / 1000).toFixed(0)} s; índices + vacuum em ${((performance.now() - indexStarted) / 1000).toFixed(0)} s`,
  )
}

async function measure(fn: () => Promise<unknown>, runs: number) {
  const times: number[] = []
  for (let i = 0; i < 3; i++) await fn() // warm-up
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await fn()
    times.push(performance.now() - started)
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) }
}

async function explain(pool: pg.Pool, statements: Captured[]) {
  const nodes = new Set<string>()
  const texts: string[] = []
  for (const statement of statements) {
    if (!/^\s*select/i.test(statement.text)) continue
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off) ${statement.text}`,
      statement.values,
    )
    const text = rows.map((row) => row['QUERY PLAN']).join('\n')
    texts.push(text)
    for (const node of text.match(
      /(Index Only Scan|Index Scan|Bitmap Index Scan|Bitmap Heap Scan|Seq Scan)( Backward)? (using \w+ )?on \w+/g,
    ) ?? [])
      nodes.add(node)
  }
  return { nodes: [...nodes], text: texts.join('\n--\n') }
}

export async function run(flags: string[]) {
  const size = Number(flagValue(flags, 'size') ?? 10_000_000)
  const runs = Number(flagValue(flags, 'runs') ?? 100)
  const server = await postgresUrl()
  if (!server) {
    console.log('PostgreSQL indisponível (BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432).')
    return
  }
  const kept = await keptDatabase(server, 'bench_logs')
  if (flags.includes('--fresh')) await kept.recreate()
  const handle = await openDatabase({ databaseUrl: kept.url })
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const db = handle.db
    // The planner's estimate (no count(*) over 10 M rows on each run); a smaller table is topped up.
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from platform_events limit ${size}) as s`,
    )
    const present = Number(rows[0]?.n ?? 0)
    if (present < size) {
      if (present > 0) await pool.query('truncate platform_events restart identity')
      await seed(pool, size)
    } else console.log(`Banco mantido (bench_logs): ${present.toLocaleString('pt-BR')} eventos.`)
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')
    console.log(
      `Carga antes (uptime): ${load()} em ${os.cpus().length} núcleos; ${runs} execuções por cenário\n`,
    )
    // An address and a request id that exist (a few hundred and one event), from the seed's formulas.
    const { rows: sample } = await pool.query<{ ip: string; request_id: string }>(
      `select (select ip from platform_events where kind = 'login_falhou' order by at desc limit 1) as ip,
              (select request_id from platform_events where kind = 'erro_servidor' order by at desc limit 1) as request_id`,
    )
    const ip = sample[0]?.ip ?? '10.0.0.1'
    const requestId = sample[0]?.request_id ?? ''
    const scenarios: { name: string; query: LogsQuery }[] = [
      { name: 'primeira página (todos)', query: { kind: 'todos', page: 1 } },
      { name: 'página 50 (todos)', query: { kind: 'todos', page: 50 } },
      { name: 'tipo login_falhou', query: { kind: 'login_falhou', page: 1 } },
      { name: 'tipo erro_servidor, página 50', query: { kind: 'erro_servidor', page: 50 } },
      { name: 'tipo backup_falhou (raro)', query: { kind: 'backup_falhou', page: 1 } },
      { name: `busca por IP ${ip}`, query: { kind: 'todos', search: ip, page: 1 } },
      { name: 'busca por id de requisição', query: { kind: 'todos', search: requestId, page: 1 } },
      { name: "busca por tipo 'backup'", query: { kind: 'todos', search: 'backup', page: 1 } },
    ]
    const table: Row[] = []
    let seqScan = false
    const add = async (name: string, fn: () => Promise<unknown>) => {
      const stats = await measure(fn, runs)
      const plan = await explain(pool, await capture(pool, fn))
      const scans = plan.nodes.some((node) => /^Seq Scan on platform_events/.test(node))
      seqScan ||= scans
      table.push({
        metric: name,
        value: `p50 ${ms(stats.p50)} · p99 ${ms(stats.p99)}`,
        target: `p99 ≤ ${TARGET_P99_MS} ms`,
        note: `${stats.p99 <= TARGET_P99_MS ? 'ok' : 'ACIMA'}${scans ? ' · SEQ SCAN' : ''} · ${plan.nodes
          .filter((node) => /on platform_events/.test(node))
          .join(', ')}`,
      })
      if (flags.includes('--plans')) console.log(`-- ${name}\n${plan.text}\n`)
    }
    for (const scenario of scenarios) await add(scenario.name, () => listPlatformEvents(db, scenario.query))
    await add('resumo (cartões 24 h + alertas)', () => getLogsSummary(db))
    printTable(table)
    console.log(`\nCarga depois (uptime): ${load()}`)
    console.log(
      seqScan ? '\nFALHOU: algum plano lê platform_events inteira.' : '\nNenhum Seq Scan em platform_events.',
    )
  } finally {
    await handle.close()
  }
}
