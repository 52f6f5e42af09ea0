// Issue 11's numbers for Relatórios and Analytics. Run: `npm run bench -- reports [--db=postgres|pglite]
// [--clients=100000] [--cases=200000] [--entries=500000] [--time=1000000] [--runs=40] [--keep] [--plans]`.
//
// One office with --clients clients, --cases cases (3 years of data_inicio, a third concluded with an outcome),
// --entries financial entries and --time time entries (22 members), plus a second, smaller office whose rows
// must never be read. Each report (this month and this year) and the analytics endpoint are timed in process
// (the real app: session, requireOffice, validation, queries, JSON; no socket) for the sócio and for an
// associado responsible for 2 000 cases: p50/p99 over --runs requests one at a time (target p99 ≤ 300 ms).
// `--keep` keeps the seeded database for the next run (bench/lib/office-db.ts): seed once, measure often.
// Every statement the services issue is captured with a Drizzle logger and EXPLAINed; a Seq Scan on an office
// table is flagged. Then the JS the two routes add to the dashboard (KB gz), from the build in JC_DIST_DIR.
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import zlib from 'node:zlib'
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
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { analytics } from '../src/features/reports/analytics.service.server'
import { monthOf, REPORT_KINDS, type Period } from '../src/features/reports/reports.schema'
import type { ReportScope } from '../src/features/reports/reports.scope.server'
import { buildReport } from '../src/features/reports/reports.service.server'
import { todayISO } from '../src/lib/br/dates'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
import { createApp } from '../src/server/app.server'
import { flagValue, ms, percentile, printTable, ROOT, type Row } from './lib/bench'
import { benchAccount, BENCH_PASSWORD, openBenchDatabase } from './lib/office-db'

export const description =
  'relatórios e analytics (issue 11): 100 mil clientes, 200 mil casos, 500 mil lançamentos, 1 milhão de horas'

const PASSWORD = BENCH_PASSWORD
const TARGET_P99 = 300
const OFFICE_TABLES = ['cases', 'clients', 'time_entries', 'financial_entries', 'events', 'case_members']

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

/** The office's rows, written by generate_series (set-based: a million rows in seconds, not minutes). */
async function seedOffice(
  db: Database,
  officeId: string,
  sizes: { clients: number; cases: number; entries: number; time: number },
): Promise<void> {
  const years = 3
  await db.execute(sql`
    insert into clients (office_id, nome_completo, status, created_at)
    select ${officeId}, 'Cliente ' || g, (array['ativo','ativo','ativo','inativo'])[1 + g % 4],
           now() - (g % (365 * ${years})) * interval '1 day'
    from generate_series(1, ${sizes.clients}) g`)
  // data_inicio over three years; a third concluded 5–400 days later with an outcome (some without).
  await db.execute(sql`
    insert into cases (office_id, titulo, area_juridica, status, data_inicio, data_conclusao, resultado, created_at)
    select ${officeId}, 'Caso ' || g,
           (array['Civil','Trabalhista','Penal','Tributário','Empresarial','Família','Previdenciário','Consumidor',
                  'Ambiental','Administrativo'])[1 + g % 10],
           s.status, s.inicio,
           case when s.status = 'concluido' then least(s.inicio + 5 + g % 400, current_date) end,
           case when s.status = 'concluido' and g % 7 <> 0
                then (array['procedente','parcialmente_procedente','improcedente','acordo','desistencia'])[1 + g % 5] end,
           now() - (g % (365 * ${years})) * interval '1 day'
    from generate_series(1, ${sizes.cases}) g,
         lateral (select (array['aberto','andamento','concluido','arquivado','concluido','andamento'])[1 + g % 6] as status,
                         current_date - (g % (365 * ${years})) as inicio) s`)
  const membersSql = sql`(select array_agg(id order by id) from office_members where office_id = ${officeId})`
  await db.execute(sql`
    insert into case_members (office_id, case_id, member_id)
    select c.office_id, c.id, ms.ids[1 + (abs(hashtext(c.id::text)) % array_length(ms.ids, 1))]
    from cases c, (select ${membersSql} as ids) ms where c.office_id = ${officeId}`)
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) as n from cases where office_id = ${officeId}),
         ms as (select ${membersSql} as ids)
    insert into time_entries (office_id, member_id, case_id, data, minutos, faturavel)
    select ${officeId}, ms.ids[1 + g % array_length(ms.ids, 1)], numbered.id, current_date - (g % (365 * ${years})), 15 + g % 226, g % 4 <> 0
    from generate_series(1, ${sizes.time}) g
    cross join ms
    join numbered on numbered.n = 1 + (g::bigint * 7919) % ${sizes.cases}`)
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) as n from cases where office_id = ${officeId})
    insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, data_pagamento,
                                   status, case_id)
    select ${officeId}, case when g % 5 = 0 then 'despesa' else 'receita' end,
           case when g % 5 = 0 then 'despesas_escritorio' else 'honorarios' end, 'Lançamento ' || g,
           (100 + (g % 5000) + (g % 100) / 100.0)::numeric(14, 2), current_date - (g % (365 * ${years})),
           case when g % 3 <> 0 then current_date - (g % (365 * ${years})) end,
           case when g % 3 <> 0 then 'pago' else 'pendente' end,
           case when g % 10 < 7 then numbered.id end
    from generate_series(1, ${sizes.entries}) g
    join numbered on numbered.n = 1 + (g::bigint * 104729) % ${sizes.cases}`)
  await db.execute(sql`
    insert into events (office_id, titulo, tipo, inicio)
    select ${officeId}, 'Audiência ' || g, 'audiencia', now() + (g % 400 - 200) * interval '1 day'
    from generate_series(1, 5000) g`)
}

/** Accounts, members and both offices' rows, then statistics (skipped when `--keep` reuses a seeded database). */
async function seedBench(
  db: Database,
  sizes: { clients: number; cases: number; entries: number; time: number },
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
  const own = await officeOf(socio.userId)
  const officeId = own.officeId
  const [associado] = await db
    .insert(officeMembers)
    .values({ officeId, userId: assoc.userId, nivelAcesso: 'associado', valorHora: '180.00' })
    .returning({ id: officeMembers.id })
  if (!associado) throw new Error('associado not added')
  await db.execute(sql`
    insert into office_members (office_id, nivel_acesso, nome_completo, valor_hora)
    select ${officeId}, 'associado', 'Membro ' || g, case when g % 4 <> 0 then 150 + g * 10 end
    from generate_series(1, 20) g`)
  await db.update(officeMembers).set({ valorHora: '350.00' }).where(eq(officeMembers.id, own.id))

  const seedStarted = performance.now()
  await seedOffice(db, officeId, sizes)
  // The associado's scope: 2 000 cases (those the hash gave them) — trimmed or topped up to that.
  await db.execute(sql`delete from case_members where member_id = ${associado.id}`)
  await db.execute(sql`
    insert into case_members (office_id, case_id, member_id)
    select office_id, id, ${associado.id} from cases where office_id = ${officeId} order by id limit 2000`)
  // Another office, a tenth of the size: its rows sit in the same tables and indexes.
  const otherOffice = await officeOf(other.userId)
  await seedOffice(db, otherOffice.officeId, {
    clients: sizes.clients / 10,
    cases: sizes.cases / 10,
    entries: sizes.entries / 10,
    time: sizes.time / 10,
  })
  for (const table of [...OFFICE_TABLES, 'office_members'])
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  console.log(`  seed: ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${JSON.stringify(sizes)})`)
}

/** Static imports of a built chunk ('./x.js'), recursively. */
function closure(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const code = fs.readFileSync(path.join(dir, file), 'utf8')
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) closure(dir, match[1]!, seen)
  return seen
}

/** KB gz the reports and analytics routes add to a dashboard already open (its shell chunks loaded). */
function extraJs(): { route: string; kbGz: number; files: number; recharts: string }[] {
  const dir = path.join(ROOT, process.env.JC_DIST_DIR ?? 'dist', 'client', 'assets')
  if (!fs.existsSync(dir)) return []
  const app = fs.readdirSync(dir).find((file) => /^app-.*\.js$/.test(file))
  if (!app) return []
  const appCode = fs.readFileSync(path.join(dir, app), 'utf8')
  const chunkOf = (name: string) => new RegExp(`${name}-[A-Za-z0-9_-]+\\.js`).exec(appCode)?.[0]
  const shell = closure(dir, app)
  for (const name of ['dashboard-layout', 'dashboard-home']) {
    const chunk = chunkOf(name)
    if (chunk) closure(dir, chunk, shell)
  }
  const rechartsIn = (files: Set<string>) =>
    [...files].some((file) => fs.readFileSync(path.join(dir, file), 'utf8').includes('recharts'))
  return ['reports-page', 'analytics-page'].flatMap((name) => {
    const chunk = chunkOf(name)
    if (!chunk) return []
    const extra = [...closure(dir, chunk)].filter((file) => !shell.has(file))
    const bytes = extra.reduce(
      (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, file))).length,
      0,
    )
    return [
      {
        route: name,
        kbGz: bytes / 1000,
        files: extra.length,
        recharts: rechartsIn(shell) ? 'recharts NO SHELL (erro)' : 'recharts fora do shell',
      },
    ]
  })
}

export async function run(flags: string[]): Promise<void> {
  const kind = (flagValue(flags, 'db') ?? 'postgres') as DbKind
  const sizes = {
    clients: Number(flagValue(flags, 'clients') ?? 100_000),
    cases: Number(flagValue(flags, 'cases') ?? 200_000),
    entries: Number(flagValue(flags, 'entries') ?? 500_000),
    time: Number(flagValue(flags, 'time') ?? 1_000_000),
  }
  const runs = Number(flagValue(flags, 'runs') ?? 40)
  const keep = flags.includes('--keep')
  const { handle, dataDir, drop, seeded, markSeeded } = await openBenchDatabase(kind, 'reports', {
    keep,
    seedKey: JSON.stringify(sizes),
  })
  try {
    await runMigrations(handle)
    const db = handle.db
    const memberOf = async (email: string) => {
      const [row] = await db
        .select({ id: officeMembers.id, officeId: officeMembers.officeId })
        .from(officeMembers)
        .innerJoin(users, eq(users.id, officeMembers.userId))
        .where(eq(users.email, email))
      if (!row) throw new Error(`membro de ${email} não encontrado`)
      return row
    }
    if (seeded) {
      console.log('  seed: banco mantido de uma execução anterior (--keep)')
      await db.execute(sql`analyze`)
    } else await seedBench(db, sizes)
    if (keep && !seeded) await markSeeded()
    const own = await memberOf('bench-socio@jusconecta.test')
    const officeId = own.officeId
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
    const measure = async (cookie: string, url: string) => {
      const latencies: number[] = []
      for (let i = 0; i < runs + 5; i++) {
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
    const periods: [string, Period][] = [
      ['mês', monthOf(today)],
      ['ano', { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` }],
    ]
    const rows: Row[] = []
    const endpoints = [...REPORT_KINDS, 'analytics'] as const
    // `--explain-only` skips the timed requests (plans and, with --analyze, statement times only).
    for (const [label, period] of flags.includes('--explain-only') ? [] : periods) {
      for (const endpoint of endpoints) {
        for (const who of ['sócio', 'associado'] as const) {
          const stats = await measure(
            cookies[who],
            `/api/reports/${endpoint}?from=${period.from}&to=${period.to}`,
          )
          const ok = stats.p99 <= TARGET_P99
          console.log(`  ${endpoint} (${label}, ${who}): p50 ${ms(stats.p50)} p99 ${ms(stats.p99)}`)
          rows.push({
            metric: `${kind} GET /api/reports/${endpoint} (${label}, ${who})`,
            value: `p50 ${ms(stats.p50)} / p99 ${ms(stats.p99)}`,
            target: `p99 ≤ ${TARGET_P99} ms`,
            note: ok ? 'OK' : 'ACIMA',
          })
        }
      }
    }
    for (const file of flags.includes('--explain-only')
      ? []
      : ['area/export.csv', 'horas/export.pdf', 'export.zip']) {
      const [, period] = periods[1]!
      const stats = await measure(cookies.sócio, `/api/reports/${file}?from=${period.from}&to=${period.to}`)
      console.log(`  ${file} (ano, sócio): p50 ${ms(stats.p50)} p99 ${ms(stats.p99)}`)
      rows.push({
        metric: `${kind} GET /api/reports/${file} (ano, sócio)`,
        value: `p50 ${ms(stats.p50)} / p99 ${ms(stats.p99)}`,
        note: 'informativo (download)',
      })
    }

    // Every statement the services issue, captured and EXPLAINed (this year's period, both scopes).
    const raw = (db as unknown as { $client: RawClient }).$client
    let captured: { sql: string; params: unknown[] }[] = []
    const logger = {
      logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }),
    }
    const logged =
      kind === 'pglite'
        ? (drizzlePglite({ client: raw as unknown as PGlite, schema, logger }) as unknown as Database)
        : (drizzlePg({ client: raw as unknown as pg.Pool, schema, logger }) as unknown as Database)
    const [, year] = periods[1]!
    let seqScans = 0
    // `--analyze`: each statement's own execution time (EXPLAIN ANALYZE, BUFFERS), less sensitive to a loaded
    // machine than the requests' p99.
    const analyze = flags.includes('--analyze')
    const explainOn = async <T>(work: (client: RawClient) => Promise<T>): Promise<T> => {
      if (kind === 'pglite') return work(raw)
      const client = await (raw as unknown as pg.Pool).connect()
      try {
        return await work(client)
      } finally {
        client.release()
      }
    }
    const explainOptions = analyze ? 'analyze, buffers' : 'costs off'
    for (const scope of [
      { officeId, memberId: own.id, restrictTo: null },
      { officeId, memberId: associado.id, restrictTo: associado.id },
    ] satisfies ReportScope[]) {
      captured = []
      for (const report of REPORT_KINDS) await buildReport(logged, scope, report, year)
      await analytics(logged, scope, year)
      // The queries only (begin/set local/commit have no plan); a query after a `set local` is explained with
      // that setting, in a transaction of its own on one connection.
      for (const [index, statement] of captured.entries()) {
        if (!/^\s*(select|with)\b/i.test(statement.sql)) continue
        const setting = captured[index - 1]?.sql.match(/^\s*set local\b/i) ? captured[index - 1]!.sql : null
        const plan = await explainOn(async (client) => {
          if (setting) await client.query('begin').then(() => client.query(setting))
          try {
            return await client.query(`explain (${explainOptions}) ${statement.sql}`, statement.params)
          } finally {
            if (setting) await client.query('commit')
          }
        })
        const lines = plan.rows.map((line) => String(Object.values(line)[0]))
        if (analyze) {
          const time = lines.find((line) => line.startsWith('Execution Time'))
          console.log(
            `  ${time} (${scope.restrictTo ? 'associado' : 'sócio'}): ${statement.sql.slice(0, 150)}…`,
          )
        }
        const seq = lines.filter((line) =>
          OFFICE_TABLES.some((table) => line.includes(`Seq Scan on ${table}`)),
        )
        seqScans += seq.length
        if (seq.length > 0 || flags.includes('--plans')) {
          console.log(
            `  plano (${scope.restrictTo ? 'associado' : 'sócio'}): ${statement.sql.slice(0, 120)}…`,
          )
          for (const line of lines) console.log(`    ${line}`)
        }
      }
    }
    rows.push({
      metric: `${kind} EXPLAIN das consultas (sócio e associado)`,
      value: `${seqScans} Seq Scan em tabelas do escritório`,
      target: '0',
      note: seqScans === 0 ? 'OK (só índices)' : 'VER PLANOS ACIMA',
    })
    for (const js of extraJs()) {
      rows.push({
        metric: `JS extra de /dashboard/${js.route === 'reports-page' ? 'reports' : 'analytics'}`,
        value: `${js.kbGz.toFixed(1)} KB gz (${js.files} arquivos)`,
        note: js.recharts,
      })
    }
    printTable(rows)
  } finally {
    await handle.close()
    await drop()
  }
}
