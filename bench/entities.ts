// npm run bench -- entities [--size=100000] [--runs=100] [--keep]
//
// Issue 13, PANELS: the landing's 'Entidades & Instituições' list, an entity page and both dashboard panels
// on PostgreSQL with N demo jobs (JOBS's seed, over a few thousand demo entidades) — p50/p99 over --runs
// runs each, plus the plan nodes of the landing query (the only one that reads across all entities).
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { getEntityPage, listFeaturedEntities } from '../src/features/entities/entities.service.server'
import { getEntityPanel, getStudentPanel } from '../src/features/entities/panels.service.server'
import { seedJobs } from '../src/features/jobs/jobs.seed.server'
import { profiles } from '../src/features/profiles/profiles.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { flagValue, ms, percentile, printTable, type Row } from './lib/bench'
import { createThrowawayDatabase, keptDatabase, postgresUrl } from './lib/database'

export const description = 'Entidades e painéis (home, página da entidade, painéis) a 100 mil vagas: p50/p99'

const TARGET_P99_MS = 100

async function measure(run: () => Promise<unknown>, runs: number) {
  for (let i = 0; i < 5; i++) await run() // warm-up
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) }
}

/** The landing query's plan nodes (its first statement: who is hiring among the newest open jobs). */
async function landingPlan(db: Database) {
  const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`
    explain (analyze, costs off, timing off)
    select r.entity_user_id from (
      select j.entity_user_id from jobs j
      where j.status = 'aberta' and (j.encerra_em is null or j.encerra_em >= (now() at time zone 'America/Sao_Paulo')::date)
      order by j.created_at desc nulls last, j.id desc nulls last limit 1000
    ) r join profiles p on p.user_id = r.entity_user_id
    where p.user_type = 'entidade' and p.perfil_publico and p.slug <> '' and coalesce(trim(p.nome_entidade), '') <> ''
    group by r.entity_user_id order by count(*) desc, r.entity_user_id limit 6`)
  const text = rows.map((row) => row['QUERY PLAN']).join('\n')
  return [
    ...new Set(
      text.match(/(Index Only Scan|Index Scan|Bitmap Heap Scan|Seq Scan)( using \w+)? on \w+/g) ?? [],
    ),
  ]
}

export async function run(flags: string[]) {
  const size = Number(flagValue(flags, 'size') ?? 100_000)
  const runs = Number(flagValue(flags, 'runs') ?? 100)
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
  if (keep) url = (await keptDatabase(server, 'bench_entities')).url
  else ({ url, drop } = await createThrowawayDatabase(server, 'bench_entities'))
  const handle = await openDatabase({ databaseUrl: url })
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const db = handle.db
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`)
    if ((rows[0]?.n ?? 0) < size) {
      await seedJobs(db, { count: size - (rows[0]?.n ?? 0), batchSize: 5000 })
      await db.execute(sql`vacuum analyze jobs`)
      await db.execute(sql`vacuum analyze profiles`)
    }
    // The busiest entity (most jobs) and a "student" with 30 applications (any user works for the queries).
    const { rows: busiest } = await db.execute<{ user_id: string }>(
      sql`select entity_user_id as user_id from jobs group by 1 order by count(*) desc limit 2`,
    )
    const [entityId, candidateId] = [busiest[0]?.user_id, busiest[1]?.user_id]
    if (!entityId || !candidateId) throw new Error('no seeded entities')
    await db.execute(sql`
      insert into job_applications (job_id, candidate_user_id, cv_storage_key, cv_nome, cv_tamanho, cv_sha256)
      select id, ${candidateId}, 'bench-' || id, 'cv.pdf', 1, repeat('0', 64)
      from jobs where entity_user_id = ${entityId} limit 30
      on conflict do nothing`)
    const [entity] = await db.select().from(profiles).where(eq(profiles.userId, entityId))
    const [candidate] = await db.select().from(profiles).where(eq(profiles.userId, candidateId))
    if (!entity || !candidate) throw new Error('profiles not found')
    const { rows: counts } = await db.execute<{ jobs: number; entities: number }>(
      sql`select count(*)::int as jobs, count(distinct entity_user_id)::int as entities from jobs`,
    )
    console.log(
      `Vagas: ${counts[0]?.jobs}, entidades: ${counts[0]?.entities}; ${runs} execuções por cenário\n`,
    )

    const scenarios: [string, () => Promise<unknown>][] = [
      ['home: 6 entidades em destaque', () => listFeaturedEntities(db, 6)],
      ['página da entidade (mais vagas)', () => getEntityPage(db, entity.slug)],
      ['painel da entidade (mais vagas)', () => getEntityPanel(db, entity)],
      ['painel do estudante (30 candidaturas)', () => getStudentPanel(db, candidate)],
    ]
    const table: Row[] = []
    for (const [name, scenario] of scenarios) {
      const { p50, p99 } = await measure(scenario, runs)
      table.push({
        metric: name,
        value: `p50 ${ms(p50)} · p99 ${ms(p99)}`,
        target: `p99 ≤ ${TARGET_P99_MS} ms`,
      })
    }
    printTable(table)
    console.log(
      `\nPlano da home (contagem de vagas abertas por entidade): ${(await landingPlan(db)).join('; ')}`,
    )
  } finally {
    await handle.close()
    if (!keep) await drop()
  }
}
