// Issue 10's numbers. Run: `npm run bench -- team [--db=postgres|pglite] [--cases=100000] [--members=200]
// [--runs=300]`.
//
// The cost of authorisation: one office of --cases cases (seeded like bench/clients.ts, every case with its
// creator, the sócio, as responsible member) and an estagiário responsible for 50 of them spread over the
// whole table. GET /api/cases (first page, then a title search) and /api/cases/stats are timed for the sócio
// and for the estagiário in process (the real app: session, requireOffice, validation, query, JSON; no
// socket), p50/p99 over --runs requests one at a time; target: estagiário p50/p99 ≤ sócio × 1.2. The
// estagiário's list statement is EXPLAINed: a walk of the office's whole case index would show here.
// Then the team page (GET /api/team) with --members members in the same office. PostgreSQL unless
// --db=pglite (BENCH_DATABASE_URL / TEST_DATABASE_URL or 127.0.0.1:5432).
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { type DbKind } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { createAccount } from '../src/features/auth/signup.service.server'
import { activeCasesByMember } from '../src/features/cases/cases.public.server'
import { seedCases } from '../src/features/cases/cases.seed.server'
import { listWhere, newestFirst, summaryColumns } from '../src/features/cases/cases.service.server'
import { cases } from '../src/features/cases/cases.table.server'
import { seedClients } from '../src/features/clients/clients.seed.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { countActiveCases, listMembers } from '../src/features/team/team.service.server'
import { hoursThisMonthByMember } from '../src/features/timesheet/timesheet.public.server'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
import { createApp } from '../src/server/app.server'
import { flagValue, ms, percentile, printTable, type Row } from './lib/bench'
import { benchAccount, BENCH_PASSWORD, openBenchDatabase } from './lib/office-db'

export const description =
  'equipe (issue 10): lista de casos do estagiário (50 casos) vs. sócio em 100 mil casos; página da equipe com 200 membros'

const PASSWORD = BENCH_PASSWORD
/** The issue's target: the estagiário's list costs at most the sócio's × 1.2. */
const TARGET_RATIO = 1.2
const ASSIGNED = 50

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

export async function run(flags: string[]): Promise<void> {
  const kind = (flagValue(flags, 'db') ?? 'postgres') as DbKind
  const count = Number(flagValue(flags, 'cases') ?? 100_000)
  const memberCount = Number(flagValue(flags, 'members') ?? 200)
  const runs = Number(flagValue(flags, 'runs') ?? 300)
  const { handle, dataDir, drop } = await openBenchDatabase(kind, 'team')
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const db = handle.db
    const socio = await createAccount(
      db,
      benchAccount('advogado', 'bench-socio@jusconecta.test', 'Sócia Benchmark'),
    )
    const student = await createAccount(
      db,
      benchAccount('estudante', 'bench-estagiario@jusconecta.test', 'Estagiário Benchmark'),
    )
    const [own] = await db
      .select({ id: officeMembers.id, officeId: officeMembers.officeId })
      .from(officeMembers)
      .where(eq(officeMembers.userId, socio.userId))
    if (!own) throw new Error('office not created')
    const officeId = own.officeId
    const [intern] = await db
      .insert(officeMembers)
      .values({ officeId, userId: student.userId, nivelAcesso: 'estagiario' })
      .returning({ id: officeMembers.id })
    if (!intern) throw new Error('estagiário not added')

    const seedStarted = performance.now()
    const clientIds = await seedClients(db, { officeId, createdBy: socio.userId, count: count / 10 })
    const caseIds = await seedCases(db, { officeId, createdBy: socio.userId, count, clientIds })
    // Every case has its creator as responsible (what migration 0016 backfills and the service does);
    // the estagiário is responsible for 50 of them, spread from the oldest to the newest.
    await db.execute(
      sql`insert into case_members (office_id, case_id, member_id) select office_id, id, ${own.id} from cases where office_id = ${officeId}`,
    )
    const step = Math.floor(caseIds.length / ASSIGNED)
    const assigned = Array.from({ length: ASSIGNED }, (_, i) => caseIds[i * step]!)
    await db.execute(
      sql`insert into case_members (office_id, case_id, member_id) select ${officeId}, id, ${intern.id} from unnest(${sql.raw(`array[${assigned.map((id) => `'${id}'`).join(',')}]`)}::uuid[]) id`,
    )
    // The team page: members without system access up to --members (a secretary's kind of row).
    const extra = Math.max(0, memberCount - 2)
    await db.execute(sql`
      insert into office_members (office_id, nivel_acesso, nome_completo, email, telefone, cargo, oab_numero,
                                  oab_uf, data_admissao, especialidades, observacoes)
      select ${officeId}, (array['associado','estagiario','assistente'])[1 + g % 3],
             'Membro ' || g, 'membro' || g || '@bench.test', '11987654321', 'Cargo ' || (g % 7),
             case when g % 3 = 0 then (100000 + g)::text end, case when g % 3 = 0 then 'SP' end,
             date '2020-01-01' + g, array['Civil', 'Trabalhista'], 'Observação ' || g
      from generate_series(1, ${extra}) g`)
    for (const table of ['cases', 'clients', 'case_members', 'office_members']) {
      await db.execute(sql.raw(`analyze ${table}`))
    }
    console.log(
      `  seed: ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${count} casos, ${ASSIGNED} do estagiário, ${memberCount} membros)`,
    )

    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      // The bench measures the queries, not the per-user limit (600/min in production).
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
      estagiário: await signIn('bench-estagiario@jusconecta.test'),
    }

    const measure = async (cookie: string, url: string) => {
      const latencies: number[] = []
      let total = 0
      for (let i = 0; i < runs + 20; i++) {
        const started = performance.now()
        const response = await app.request(url, { headers: { cookie } })
        const body = (await response.json()) as { total?: number; members?: unknown[] }
        const elapsed = performance.now() - started
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
        if (i >= 20) latencies.push(elapsed)
        total = body.total ?? body.members?.length ?? 0
      }
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), total }
    }

    const rows: Row[] = []
    for (const [name, url] of [
      ['casos: 1ª página', '/api/cases?limit=50'],
      ["casos: busca 'acao'", '/api/cases?limit=50&search=acao'],
      ['casos: stats', '/api/cases/stats'],
    ] as const) {
      const socioStats = await measure(cookies.sócio, url)
      const internStats = await measure(cookies.estagiário, url)
      const ratio50 = internStats.p50 / socioStats.p50
      const ratio99 = internStats.p99 / socioStats.p99
      const ok = ratio50 <= TARGET_RATIO && ratio99 <= TARGET_RATIO
      for (const [who, stats] of [
        ['sócio', socioStats],
        ['estagiário', internStats],
      ] as const) {
        console.log(`  ${name} (${who}): p50 ${ms(stats.p50)} p99 ${ms(stats.p99)} (total ${stats.total})`)
      }
      rows.push({
        metric: `${kind} ${name}: estagiário vs. sócio`,
        value: `p50 ${ms(internStats.p50)} vs ${ms(socioStats.p50)}; p99 ${ms(internStats.p99)} vs ${ms(socioStats.p99)}`,
        target: `≤ × ${TARGET_RATIO}`,
        note: `× ${ratio50.toFixed(2)} / × ${ratio99.toFixed(2)} ${ok ? 'OK' : 'ACIMA'}; totais ${internStats.total} / ${socioStats.total}`,
      })
    }
    const team = await measure(cookies.sócio, '/api/team')
    console.log(`  equipe: p50 ${ms(team.p50)} p99 ${ms(team.p99)} (${team.total} membros)`)
    // Where the team page's time goes: each of its statements alone (informative).
    const parts: [string, () => Promise<unknown>][] = [
      ['membros', () => listMembers(db, officeId, own.id, {})],
      ['casos ativos por membro', () => activeCasesByMember(db, officeId)],
      ['casos ativos (cartão)', () => countActiveCases(db, officeId)],
      ['horas do mês por membro', () => hoursThisMonthByMember(db, officeId)],
    ]
    for (const [part, fn] of parts) {
      const latencies: number[] = []
      for (let i = 0; i < 40; i++) {
        const started = performance.now()
        await fn()
        if (i >= 5) latencies.push(performance.now() - started)
      }
      console.log(`    equipe, ${part}: p50 ${ms(percentile(latencies, 50))}`)
    }
    rows.push({
      metric: `${kind} GET /api/team (${team.total} membros)`,
      value: `p50 ${ms(team.p50)} / p99 ${ms(team.p99)}`,
      note: `escritório de ${count} casos`,
    })

    // The estagiário's page as the service builds it, EXPLAINed on the same database.
    const page = db
      .select(summaryColumns)
      .from(cases)
      .where(listWhere(officeId, { status: 'todos', memberId: intern.id }))
      .orderBy(...newestFirst)
      .limit(50)
      .toSQL()
    const capped = db
      .select({ one: sql`1` })
      .from(cases)
      .where(listWhere(officeId, { status: 'todos', memberId: intern.id }))
      .orderBy(...newestFirst)
      .limit(10_001)
      .as('capped')
    const total = db
      .select({ total: sql<number>`count(*)::int` })
      .from(capped)
      .toSQL()
    const raw = (db as unknown as { $client: RawClient }).$client
    for (const [label, statement] of [
      ['1ª página', page],
      ['total', total],
    ] as const) {
      const plan = await raw.query(
        `explain (analyze, costs off, timing off) ${statement.sql}`,
        statement.params,
      )
      console.log(`  plano do estagiário, ${label}:`)
      for (const line of plan.rows) console.log(`    ${String(Object.values(line)[0])}`)
    }
    printTable(rows)
  } finally {
    await handle.close()
    await drop()
  }
}
