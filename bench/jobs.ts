// npm run bench -- jobs [--size=100000] [--runs=200] [--keep]
//
// Seeds a throwaway PostgreSQL database with N demo jobs (src/features/jobs/jobs.seed.server.ts, over a few
// thousand demo entidades) and measures the public job list (GET /api/jobs) the way the service runs it:
// listOpenJobs() on the database, one scenario per filter combination (none, each filter, combinations,
// text search, a deep keyset page), p50/p99 over --runs runs each, plus EXPLAIN ANALYZE of each statement.
// The check fails on a Seq Scan of jobs. --keep keeps the database (bench_jobs) seeded between runs.
// PostgreSQL is used when BENCH_DATABASE_URL / TEST_DATABASE_URL is set or a server answers on 127.0.0.1:5432.
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql, type SQL } from 'drizzle-orm'
import { openDatabase, type Database } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { seedJobs } from '../src/features/jobs/jobs.seed.server'
import type { JobListQuery } from '../src/features/jobs/jobs.schema'
import { listOpenJobs } from '../src/features/jobs/jobs.service.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { flagValue, ms, percentile, printTable, type Row } from './lib/bench'
import { createThrowawayDatabase, keptDatabase, postgresUrl } from './lib/database'

export const description =
  'Lista pública de vagas com filtros a 100 mil vagas (PostgreSQL): p50/p99 e EXPLAIN'

const TARGET_P99_MS = 100

type Query = JobListQuery & { limit: number }

/** A database that records the statements it runs (to EXPLAIN the very SQL of the service). */
function capturing(db: Database, captured: SQL[]): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute')
        return (query: SQL) => {
          captured.push(query)
          return target.execute(query)
        }
      return Reflect.get(target, property, receiver) as unknown
    },
  })
}

async function scenarios(db: Database): Promise<{ name: string; query: Query }[]> {
  // A cursor ~5 pages deep into the unfiltered list, and one 50 pages deep into a filtered one.
  let cursor: string | null = null
  for (let page = 0; page < 5; page++)
    cursor = (await listOpenJobs(db, { limit: 20, cursor: cursor ?? undefined })).nextCursor
  let deep: string | null = null
  for (let page = 0; page < 50; page++)
    deep = (await listOpenJobs(db, { limit: 20, tipo: 'Emprego', cursor: deep ?? undefined })).nextCursor
  return [
    { name: 'primeira página (sem filtro)', query: { limit: 20 } },
    { name: 'landing: 4 mais novas', query: { limit: 4 } },
    { name: 'página 6 (cursor)', query: { limit: 20, cursor: cursor ?? undefined } },
    { name: 'tipo=Estágio', query: { limit: 20, tipo: 'Estágio' } },
    { name: 'tipo=Emprego, página 51', query: { limit: 20, tipo: 'Emprego', cursor: deep ?? undefined } },
    { name: 'nível=Pleno + modalidade=Remoto', query: { limit: 20, nivel: 'Pleno', modalidade: 'Remoto' } },
    { name: 'estado=SP', query: { limit: 20, estado: 'SP' } },
    {
      name: 'estado=AC + Trainee + Híbrido',
      query: { limit: 20, estado: 'AC', tipo: 'Trainee', modalidade: 'Híbrido' },
    },
    { name: "texto 'trabalhista'", query: { limit: 20, q: 'trabalhista' } },
    { name: "texto 'tributario' + estado=RJ", query: { limit: 20, q: 'tributario', estado: 'RJ' } },
    { name: "texto 'licitações júnior'", query: { limit: 20, q: 'licitações júnior' } },
    { name: 'texto sem resultado', query: { limit: 20, q: 'zzzz inexistente' } },
  ]
}

async function measure(db: Database, query: Query, runs: number) {
  const times: number[] = []
  for (let i = 0; i < 5; i++) await listOpenJobs(db, query) // warm-up
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await listOpenJobs(db, query)
    times.push(performance.now() - started)
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) }
}

async function explain(db: Database, query: Query) {
  const captured: SQL[] = []
  await listOpenJobs(capturing(db, captured), query)
  const statement = captured[0]
  if (!statement) return { nodes: [] as string[], text: '' }
  const { rows } = await db.execute<{ 'QUERY PLAN': string }>(
    sql`explain (analyze, costs off, timing off) ${statement}`,
  )
  const text = rows.map((row) => row['QUERY PLAN']).join('\n')
  const nodes = [
    ...new Set(
      text.match(
        /(Index Only Scan|Index Scan|Bitmap Index Scan|Bitmap Heap Scan|Seq Scan)( Backward)? (using \w+ )?on \w+/g,
      ) ?? [],
    ),
  ]
  return { nodes, text }
}

export async function run(flags: string[]) {
  const size = Number(flagValue(flags, 'size') ?? 100_000)
  const runs = Number(flagValue(flags, 'runs') ?? 200)
  const keep = flags.includes('--keep')
  const server = await postgresUrl()
  if (!server) {
    console.log(
      'PostgreSQL indisponível (BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432): nada a medir.',
    )
    return
  }
  let url: string
  let drop = async () => {}
  if (keep) url = (await keptDatabase(server, 'bench_jobs')).url
  else ({ url, drop } = await createThrowawayDatabase(server, 'bench_jobs'))
  const handle = await openDatabase({ databaseUrl: url })
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const db = handle.db
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`)
    if ((rows[0]?.n ?? 0) < size) {
      const started = performance.now()
      await seedJobs(db, { count: size - (rows[0]?.n ?? 0), batchSize: 5000 })
      await db.execute(sql`vacuum analyze jobs`)
      console.log(
        `Semeadas ${size.toLocaleString('pt-BR')} vagas em ${((performance.now() - started) / 1000).toFixed(1)} s`,
      )
    }
    const { rows: shape } = await db.execute<{ total: number; open: number; entities: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where status = 'aberta' and (encerra_em is null or encerra_em >= current_date))::int as open,
        count(distinct entity_user_id)::int as entities
      from jobs`)
    console.log(
      `Vagas: ${shape[0]?.total} (abertas ${shape[0]?.open}), entidades: ${shape[0]?.entities}; ${runs} execuções por cenário; carga: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    )
    const table: Row[] = []
    let seqScan = false
    for (const scenario of await scenarios(db)) {
      const stats = await measure(db, scenario.query, runs)
      const plan = await explain(db, scenario.query)
      const scansJobs = plan.nodes.some((node) => /^Seq Scan on jobs/.test(node))
      seqScan ||= scansJobs
      table.push({
        metric: scenario.name,
        value: `p50 ${ms(stats.p50)} · p99 ${ms(stats.p99)}`,
        target: `p99 ≤ ${TARGET_P99_MS} ms`,
        note: `${stats.p99 <= TARGET_P99_MS ? 'ok' : 'ACIMA'}${scansJobs ? ' · SEQ SCAN' : ''} · ${plan.nodes.filter((node) => /on jobs/.test(node)).join(', ')}`,
      })
      if (flags.includes('--plans')) console.log(`-- ${scenario.name}\n${plan.text}\n`)
    }
    printTable(table)
    console.log(seqScan ? '\nFALHOU: algum plano lê jobs inteira (Seq Scan).' : '\nNenhum Seq Scan em jobs.')
  } finally {
    await handle.close()
    await drop()
  }
}
