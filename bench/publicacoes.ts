// npm run bench -- publicacoes [--count=10000] [--size=1000000] [--runs=200] [--interval=0] [--skip-list]
//
// Issue 27 (Publicações e Intimações):
//   1. capture: --count communications (10 000 = 200 pages of 50) of one OAB from the replay server, which runs
//      in its own process (src/features/publications/publications.replay.ts), so the RSS measured here is the
//      capture's: time, DJEN requests, RSS growth (peak − start; goal < 100 MB). DJEN_MIN_INTERVAL_MS is
//      --interval (0 by default: production's 500 ms adds 200 × 0.5 s of waiting, not work).
//   2. the same window again: rows added (goal 0).
//   3. the inbox at --size stored items on PostgreSQL (generate_series into a throwaway database):
//      p50/p99 of the first page, the 'Não tratadas' filter and a text search as the API runs them
//      (listPublications), goal p99 ≤ 50 ms, with each statement's plan.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import type { DbHandle } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { createAccount } from '../src/features/auth/signup.service.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { openCaptureRun, runCapture } from '../src/features/publications/publications.capture.server'
import { OAB_BULK } from '../src/features/publications/publications.fixtures'
import { publicationListQuery } from '../src/features/publications/publications.schema'
import { listPublications } from '../src/features/publications/publications.service.server'
import { publicationOabs, publications } from '../src/features/publications/publications.table.server'
import type { PublicationScope } from '../src/features/publications/publications.visibility.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
import { flagValue, MB, printTable, ROOT, seconds, type Row } from './lib/bench'
import { benchAccount, openBenchDatabase } from './lib/office-db'

export const description =
  'Publicações: captura de 10 000 comunicações do replay (tempo, requisições, RSS), janela repetida e a caixa a 1 M itens (PostgreSQL)'

const RSS_GOAL_MB = 100
const P99_GOAL_MS = 50

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

async function startReplay(count: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/features/publications/publications.replay.ts',
      '--port',
      '0',
      '--bulk',
      String(count),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = ''
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(buffered)
      if (found?.[1]) resolve(found[1])
    })
    child.once('exit', () => reject(new Error('o servidor de replay terminou')))
  })
  child.stdout.resume()
  return { url, stop: () => child.kill('SIGTERM') }
}

interface PlanNode {
  'Node Type': string
  'Index Name'?: string
  Plans?: PlanNode[]
}

function planNodes(node: PlanNode): string[] {
  const own = node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type']
  return [own, ...(node.Plans ?? []).flatMap(planNodes)]
}

/**
 * The statements listPublications sends (captured at the pool; a search sends up to four), each EXPLAIN
 * ANALYZEd: its nodes and server time.
 */
async function explain(handle: DbHandle, call: () => Promise<unknown>): Promise<string> {
  const pool = (handle.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
    .$client
  const original = pool.query.bind(pool)
  const captured: { text: string; values: unknown[] }[] = []
  pool.query = (config: unknown, values?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? [])
    if (/from "publications"/.test(text)) captured.push({ text, values: params })
    return original(config, values)
  }
  try {
    await call()
  } finally {
    pool.query = original
  }
  const plans: string[] = []
  for (const { text, values } of captured) {
    const result = (await original(`explain (analyze, format json) ${text}`, values)) as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }[]
    }
    const plan = result.rows[0]?.['QUERY PLAN'][0]
    if (!plan) continue
    const nodes = [...new Set(planNodes(plan.Plan))].filter(
      (n) => !/^(Limit|Nested Loop|Hash|Memoize|Materialize)/.test(n),
    )
    plans.push(`${plan['Execution Time'].toFixed(1)} ms no servidor; ${nodes.join(', ')}`)
  }
  return plans.join(' | ')
}

async function replayRequests(url: string): Promise<number> {
  return ((await (await fetch(`${url}/__replay/stats`)).json()) as { requests: number }).requests
}

async function countRows(handle: DbHandle, officeId: string): Promise<number> {
  const [row] = await handle.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(publications)
    .where(eq(publications.officeId, officeId))
  return row?.n ?? 0
}

/** --size items for the office in one generate_series (indexes dropped and rebuilt around it). */
async function seedInbox(handle: DbHandle, officeId: string, size: number) {
  const { rows: indexes } = await handle.db.execute<{ indexname: string; indexdef: string }>(sql`
    select indexname, indexdef from pg_indexes where tablename = 'publications'
       and indexname not in ('publications_pkey', 'publications_office_djen_uq')`)
  for (const { indexname } of indexes) await handle.db.execute(sql.raw(`drop index ${indexname}`))
  const chunk = 200_000
  for (let start = 0; start < size; start += chunk) {
    const end = Math.min(size, start + chunk) - 1
    await handle.db.execute(sql`
      insert into publications (office_id, djen_id, hash, data_disponibilizacao, sigla_tribunal, tipo_comunicacao,
        tipo_documento, nome_orgao, texto_html, texto_plain, numero_processo, status, advogados, destinatarios, created_at)
      select ${officeId}, 10000000 + i, 'b' || i, current_date - (i % 730), (array['TJSP','TJRJ','TRF3','TRT2','TJMG'])[1 + i % 5],
             'Intimação', 'Despacho', ((i % 40) + 1) || 'ª Vara Cível',
             t, t, lpad((i % 9999999)::text, 7, '0') || '0120248260100',
             case when i % 20 = 0 then 'cancelada' when i % 4 = 0 then 'nao_tratada' else 'tratada' end,
             '[]'::jsonb, '[]'::jsonb, now() - (i % 730) * interval '1 day'
        from (select i, 'Fica a parte intimada do despacho de fls. ' || i || ': ' ||
                (array['manifeste-se sobre os documentos juntados', 'especifique as provas que pretende produzir',
                       'recolha as custas finais', 'apresente contrarrazões ao recurso de apelação',
                       'ciência da sentença proferida', 'manifeste-se sobre o laudo pericial',
                       'indique bens à penhora', 'opostos embargos de declaração, manifeste-se'])[1 + i % 8] ||
                case when i % 200 = 0 then ' no prazo de 15 (quinze) dias, sob pena de agravo interno.' else '.' end as t
                from generate_series(${start}::int, ${end}::int) as i) s`)
    console.log(`    caixa: ${(end + 1).toLocaleString('pt-BR')}/${size.toLocaleString('pt-BR')}`)
  }
  for (const { indexdef } of indexes) await handle.db.execute(sql.raw(indexdef))
  await handle.db.execute(sql`vacuum analyze publications`)
}

export async function run(flags: string[]) {
  const count = Number(flagValue(flags, 'count') ?? 10_000)
  const size = Number(flagValue(flags, 'size') ?? 1_000_000)
  const runs = Number(flagValue(flags, 'runs') ?? 200)
  const interval = flagValue(flags, 'interval') ?? '0'
  const rows: Row[] = []

  const database = await openBenchDatabase('postgres', 'publicacoes')
  const { handle } = database
  const replay = await startReplay(count)
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const env = loadEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: database.dataDir,
      DJEN_API_URL: replay.url,
      DATAJUD_API_URL: replay.url,
      DJEN_MIN_INTERVAL_MS: interval,
      DJEN_RETRY_BASE_MS: '10',
    })
    const deps = buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-00')
    const email = `pub-${Date.now()}@jusconecta.test`
    const { userId } = await createAccount(handle.db, benchAccount('advogado', email, 'Advogada Publicações'))
    const [member] = await handle.db
      .select({ officeId: officeMembers.officeId, id: officeMembers.id })
      .from(officeMembers)
      .where(eq(officeMembers.userId, userId))
    if (!member) throw new Error('escritório não criado')
    const officeId = member.officeId
    // The bench's lawyer: the replay's bulk OAB only (a manual one, so no per-item notification is written).
    await handle.db.execute(
      sql`update profiles set oab_numero = null, oab_estado = null where user_id = ${userId}`,
    )
    await handle.db.execute(
      sql`update office_members set oab_numero = null, oab_uf = null where user_id = ${userId}`,
    )
    await handle.db
      .insert(publicationOabs)
      .values({ officeId, numero: OAB_BULK.numero, uf: OAB_BULK.uf, origin: 'manual' })

    // 1. Capture.
    global.gc?.()
    const rssStart = process.memoryUsage().rss
    let rssPeak = rssStart
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50)
    const requestsBefore = await replayRequests(replay.url)
    const started = performance.now()
    const run1 = await openCaptureRun(handle.db, officeId, 'manual', null)
    const outcome = await runCapture(deps, run1.id)
    const elapsed = performance.now() - started
    clearInterval(sampler)
    const requests = (await replayRequests(replay.url)) - requestsBefore
    const stored = await countRows(handle, officeId)
    const growth = rssPeak - rssStart
    rows.push(
      {
        metric: `captura de ${count.toLocaleString('pt-BR')} comunicações`,
        value: seconds(elapsed),
        note: `${outcome.status}; intervalo ${interval} ms`,
      },
      {
        metric: 'requisições ao DJEN',
        value: String(requests),
        note: `${Math.ceil(count / 50)} páginas de 50`,
      },
      { metric: 'itens gravados', value: stored.toLocaleString('pt-BR') },
      {
        metric: 'RSS: crescimento (pico − início)',
        value: MB(growth),
        target: `< ${RSS_GOAL_MB} MB`,
        note: growth < RSS_GOAL_MB * 1e6 ? 'ok' : 'ACIMA',
      },
    )

    // 2. The same window again.
    await handle.db
      .update(publicationOabs)
      .set({ lastWindowEnd: null })
      .where(eq(publicationOabs.officeId, officeId))
    const run2 = await openCaptureRun(handle.db, officeId, 'manual', null)
    await runCapture(deps, run2.id)
    const added = (await countRows(handle, officeId)) - stored
    rows.push({
      metric: 'janela repetida: linhas adicionadas',
      value: String(added),
      target: '0',
      note: added === 0 ? 'ok' : 'FALHA',
    })

    // 3. The inbox at --size items.
    if (!flags.includes('--skip-list')) {
      const inboxOffice = officeId
      const seedStart = performance.now()
      await seedInbox(handle, inboxOffice, size)
      console.log(`    semeadura: ${seconds(performance.now() - seedStart)}`)
      const scope: PublicationScope = {
        officeId: inboxOffice,
        userId,
        memberId: member.id,
        nivelAcesso: 'socio',
      }
      const scenarios: [string, Record<string, string>][] = [
        ['1ª página', {}],
        ["filtro 'Não tratadas'", { status: 'nao_tratada' }],
        ["busca 'agravo interno' (0,5%)", { q: 'agravo interno' }],
        ["busca 'embargos' (12,5%)", { q: 'embargos' }],
        ["busca sem resultado 'agravo de instrumento'", { q: 'agravo de instrumento' }],
        ["'Não tratadas' + TJSP, 2ª página", { status: 'nao_tratada', tribunal: 'TJSP', page: '2' }],
      ]
      for (const [name, raw] of scenarios) {
        const { page, ...params } = raw
        let query = publicationListQuery.parse(params)
        if (page === '2') {
          const first = await listPublications(handle.db, scope, query)
          query = publicationListQuery.parse({ ...params, cursor: first.nextCursor ?? undefined })
        }
        for (let i = 0; i < 10; i++) await listPublications(handle.db, scope, query)
        const times: number[] = []
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now()
          await listPublications(handle.db, scope, query)
          times.push(performance.now() - t0)
        }
        const p99 = percentile(times, 99)
        const plan = await explain(handle, () => listPublications(handle.db, scope, query))
        rows.push({
          metric: `caixa ${size.toLocaleString('pt-BR')}: ${name}`,
          value: `p50 ${percentile(times, 50).toFixed(1)} ms · p99 ${p99.toFixed(1)} ms`,
          target: `p99 ≤ ${P99_GOAL_MS} ms`,
          note: `${p99 <= P99_GOAL_MS ? 'ok' : 'ACIMA'} — ${plan}`,
        })
      }
    }
    console.log('')
    printTable(rows)
  } finally {
    replay.stop()
    await handle.close().catch(() => {})
    await database.drop()
  }
}
