// Issue 13's numbers for the public lawyer directory. Run: `npm run bench -- directory [--profiles=1000000]
// [--runs=60] [--no-keep]` (PostgreSQL: BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432).
//
// Seeds --profiles public-directory lawyers with the same code as `seed:demo -- --profiles` (kept between runs
// in jc_bench_directory_kept unless --no-keep: a 1 M seed is paid once), then times GET /api/directory/lawyers
// in process (the real app: validation, queries, JSON; no socket) for a name fragment (common, two words,
// accented, absent), an OAB number (alone and with UF), state + city + specialty (big and small city) and a
// second page: p50/p99 over --runs requests one at a time (target p99 ≤ 100 ms). Every statement of one
// request per case is EXPLAINed (ANALYZE) and a Seq Scan on profiles/lawyer_practice_areas is flagged.
// With a build in JC_DIST_DIR (default dist) it also prints the landing's initial JS (gzip -9).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import type { Database } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import * as schema from '../src/db/schema.server'
import { seedDirectoryProfiles } from '../src/features/directory/directory.public.server'
import { searchLawyers } from '../src/features/directory/directory.service.server'
import { lawyerSearchQuerySchema } from '../src/features/directory/directory.schema'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
import { createApp } from '../src/server/app.server'
import { flagValue, kB, ms, percentile, printTable, ROOT, type Row } from './lib/bench'
import { openBenchDatabase } from './lib/office-db'

export const description = 'diretório de advogados (issue 13): busca pública sobre 1 milhão de perfis'

const TARGET_P99 = 100

function landingInitialJs(): { bytes: number; files: number } | null {
  const client = path.join(ROOT, process.env.JC_DIST_DIR ?? 'dist', 'client')
  const htmlPath = path.join(client, 'index.html')
  if (!fs.existsSync(htmlPath)) return null
  const html = fs.readFileSync(htmlPath, 'utf8')
  const files = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((match) => match[1]!)
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(fs.readFileSync(path.join(client, file)), { level: 9 }).length,
    0,
  )
  return { bytes, files: files.length }
}

export async function run(flags: string[]) {
  const profiles = Number(flagValue(flags, 'profiles') ?? 1_000_000)
  const runs = Number(flagValue(flags, 'runs') ?? 60)
  const keep = !flags.includes('--no-keep')
  const { handle, dataDir, drop, seeded, markSeeded } = await openBenchDatabase('postgres', 'directory', {
    keep,
    seedKey: `profiles=${profiles}`,
  })
  const db = handle.db
  const rows: Row[] = []
  try {
    await runMigrations(handle)
    if (!seeded) {
      await seedReferenceData(db)
      const started = performance.now()
      let last = 0
      await seedDirectoryProfiles(db, {
        count: profiles,
        batchSize: 25_000,
        onProgress: (done, total) => {
          if (done !== total && performance.now() - last < 5000) return
          last = performance.now()
          console.log(
            `  seed: ${done.toLocaleString('pt-BR')}/${total.toLocaleString('pt-BR')} ` +
              `(${((performance.now() - started) / 1000).toFixed(0)} s)`,
          )
        },
      })
      await db.execute(sql`vacuum analyze profiles`)
      await db.execute(sql`vacuum analyze lawyer_practice_areas`)
      await db.execute(sql`vacuum analyze users`)
      rows.push({
        metric: 'seed',
        value: `${((performance.now() - started) / 1000).toFixed(0)} s`,
        note: `${profiles.toLocaleString('pt-BR')} advogados`,
      })
      if (keep) await markSeeded()
    } else console.log('  banco semeado reaproveitado (jc_bench_directory_kept)')

    // A real OAB of the seed (g = 500 000) and its section, for the OAB cases.
    const oab = (
      await db.execute<{ numero: string; uf: string }>(
        sql`select oab_numero as numero, oab_estado as uf from profiles where user_id = 'seed-dir-500000'`,
      )
    ).rows[0] ?? { numero: '123456', uf: 'SP' }
    const cityOf = async (nome: string, uf: string) =>
      (
        await db.execute<{ id: number }>(
          sql`select c.id from cidade c join estado e on e.id = c.estado where c.nome = ${nome} and e.sigla = ${uf}`,
        )
      ).rows[0]?.id ?? 0
    const saoPaulo = await cityOf('São Paulo', 'SP')
    const smallCity = await cityOf('Palmas', 'TO')

    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
    })
    const app = createApp(buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-01'))
    const get = async (query: string) => {
      const response = await app.request(`/api/directory/lawyers?${query}`)
      if (!response.ok) throw new Error(`busca falhou: ${response.status} ${await response.text()}`)
      return (await response.json()) as { items: unknown[]; nextCursor: string | null }
    }
    const secondPage = (await get('q=silva')).nextCursor ?? ''
    const cases: [string, string][] = [
      ['nome, fragmento comum ("silva")', 'q=silva'],
      ['nome, duas palavras ("ana sou")', 'q=ana%20sou'],
      ['nome, sem acento ("goncalves")', 'q=goncalves'],
      ['nome, sem resultado ("zzqx")', 'q=zzqx'],
      ['nome, 2ª página ("silva")', `q=silva&cursor=${encodeURIComponent(secondPage)}`],
      ['OAB só número', `q=${oab.numero}`],
      ['OAB número/UF', `q=${encodeURIComponent(`${oab.numero}/${oab.uf}`)}`],
      ['SP + São Paulo + família', `uf=SP&cidadeId=${saoPaulo}&especialidade=familia`],
      ['TO + Palmas + tributário', `uf=TO&cidadeId=${smallCity}&especialidade=tributario`],
      ['só especialidade (concorrencial)', 'especialidade=concorrencial'],
      ['sem filtros (landing)', ''],
    ]
    for (const [, query] of cases) for (let i = 0; i < 5; i += 1) await get(query) // warm-up
    for (const [label, query] of cases) {
      const times: number[] = []
      let count = 0
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now()
        count = (await get(query)).items.length
        times.push(performance.now() - started)
      }
      const p99 = percentile(times, 99)
      rows.push({
        metric: `GET /lawyers ${label}`,
        value: `p50 ${ms(percentile(times, 50))} · p99 ${ms(p99)}`,
        target: `p99 ≤ ${TARGET_P99} ms`,
        note: `${count} itens${p99 > TARGET_P99 ? ' — ACIMA DA META' : ''}`,
      })
    }

    // EXPLAIN ANALYZE of every statement one request of each case issues.
    const raw = (db as unknown as { $client: pg.Pool }).$client
    let captured: { sql: string; params: unknown[] }[] = []
    const logged = drizzlePg({
      client: raw,
      schema,
      logger: { logQuery: (query, params) => void captured.push({ sql: query, params }) },
    }) as unknown as Database
    const plans: string[] = []
    let seqScans = 0
    for (const [label, query] of cases) {
      captured = []
      await searchLawyers(
        logged,
        lawyerSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))),
      )
      plans.push(`\n### ${label}`)
      // Replayed on one connection so each statement sees the same `set local` plan settings it ran with.
      const client = await raw.connect()
      try {
        await client.query('begin')
        for (const statement of captured) {
          if (/^\s*(begin|commit|rollback)\b/i.test(statement.sql)) continue
          if (/^\s*set /i.test(statement.sql)) {
            await client.query(statement.sql)
            plans.push(statement.sql)
            continue
          }
          const { rows: planRows } = await client.query(
            `explain (analyze, costs off, timing off, summary on) ${statement.sql}`,
            statement.params as unknown[],
          )
          const text = planRows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
          if (/Seq Scan on (profiles|lawyer_practice_areas)\b/.test(text)) seqScans += 1
          plans.push(text)
        }
      } finally {
        await client.query('rollback')
        client.release()
      }
    }
    rows.push({
      metric: 'Seq Scan em profiles / lawyer_practice_areas',
      value: String(seqScans),
      target: '0',
      note: 'EXPLAIN ANALYZE de cada consulta de cada caso (planos abaixo)',
    })
    const js = landingInitialJs()
    if (js)
      rows.push({
        metric: 'JS inicial da landing (gzip -9)',
        value: kB(js.bytes),
        target: '≤ 100 kB',
        note: `${js.files} arquivos (entrada + modulepreload)`,
      })
    rows.push({
      metric: 'carga da máquina (uptime)',
      value: os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' '),
      note: `${os.cpus().length} núcleos`,
    })
    printTable(rows)
    console.log(plans.join('\n'))
  } finally {
    await handle.close()
    await drop()
  }
}
