// Issue 2's numbers: clean `npm ci` (opt-in), build, start-to-healthy, landing initial JS, Lighthouse,
// idle memory on PGlite and on PostgreSQL. Run: `npm run bench -- foundation [--with-npm-ci]
// [--lighthouse-runs=3] [--starts=3]`.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import pg from 'pg'
import {
  flagValue,
  kB,
  MB,
  median,
  printTable,
  ROOT,
  SCRATCH,
  seconds,
  timeCommand,
  type Row,
} from './lib/bench'
import { rss, startServer, type RunningServer } from './lib/server'

export const description = 'fundação (issue 2): npm ci, build, início, JS da landing, Lighthouse, memória'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const DIST = 'dist-bench'
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const IDLE_MS = 5_000

interface InstallResult {
  ms?: number
  /** Why `npm ci` refused (its first error line), and how long a plain `npm install` took instead. */
  failure?: string
  installMs?: number
}

function measureNpmCi(): InstallResult {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-npm-ci-'))
  const npm = (command: string) => {
    const started = performance.now()
    const result = spawnSync('npm', [command, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: clone,
      encoding: 'utf8',
    })
    // The line that names the cause ('Missing: x from lock file'), else npm's first error line.
    const errors = `${result.stderr}`
      .split('\n')
      .filter((line) => /^npm error (?!code )\S/.test(line))
      .map((line) => line.replace(/^npm error /, ''))
    const error = errors.find((line) => line.startsWith('Missing:')) ?? errors[0]
    return { ms: performance.now() - started, ok: result.status === 0, error }
  }
  try {
    // A clone of the committed tree: `npm ci` there never touches this checkout's node_modules.
    execFileSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'ignore' })
    const ci = npm('ci')
    if (ci.ok) return { ms: ci.ms }
    const install = npm('install')
    return { failure: ci.error ?? 'erro desconhecido', installMs: install.ok ? install.ms : undefined }
  } finally {
    fs.rmSync(clone, { recursive: true, force: true })
  }
}

/** Starts, retrying when `npm start` had to rebuild first (someone edited src meanwhile). */
async function startMeasured(dataDir: string, env?: Record<string, string>): Promise<RunningServer> {
  for (let attempt = 0; ; attempt++) {
    const server = await startServer({ distDir: DIST, dataDir, env })
    if (!server.rebuilt || attempt === 3) return server
    await server.stop()
  }
}

/** Some traffic first (the first requests load code paths), then a quiet spell, then the RSS. */
async function idleRss(server: RunningServer): Promise<number> {
  for (const route of ['/', '/api/health', '/api/estados', '/api/estados/35/cidades', '/nao-existe']) {
    await fetch(server.url + route).then((response) => response.arrayBuffer())
  }
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
  return rss(server.pid)
}

interface LandingJs {
  served: number
  files: { name: string; bytes: number }[]
}

/** What a first visit to / downloads as JavaScript (gzip, as the server sends it), in a fresh browser. */
async function measureLandingJs(url: string): Promise<LandingJs> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage()
    const scripts: Promise<{ name: string; bytes: number }>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return
      scripts.push(
        request
          .sizes()
          .then((sizes) => ({ name: new URL(request.url()).pathname, bytes: sizes.responseBodySize })),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    const files = await Promise.all(scripts)
    return { served: files.reduce((sum, file) => sum + file.bytes, 0), files }
  } finally {
    await browser.close()
  }
}

/** The entry script and its modulepreloads from index.html, gzip -9 (how Vite reports sizes). */
function entryJsFromHtml(): number {
  const client = path.join(ROOT, DIST, 'client')
  const html = fs.readFileSync(path.join(client, 'index.html'), 'utf8')
  const files = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g),
  ].map((match) => match[1]!)
  return files.reduce(
    (sum, file) => sum + gzipSync(fs.readFileSync(path.join(client, file)), { level: 9 }).length,
    0,
  )
}

interface LighthouseResult {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

function lighthouse(url: string, preset: 'desktop' | 'mobile'): LighthouseResult {
  const outputPath = path.join(SCRATCH, `lighthouse-${preset}.json`)
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outputPath}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`lighthouse (${preset}) falhou:\n${result.stderr}`)
  const report = JSON.parse(fs.readFileSync(outputPath, 'utf8')) as {
    categories: { performance: { score: number } }
    audits: Record<string, { numericValue: number }>
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  }
}

function lighthouseRow(preset: 'desktop' | 'mobile', runs: LighthouseResult[], target: string): Row {
  const pick = (key: keyof LighthouseResult) => median(runs.map((run) => run[key]))
  return {
    metric: `Lighthouse performance, ${preset}`,
    value: String(pick('score')),
    target,
    note:
      `mediana de ${runs.length} (${runs.map((run) => run.score).join(', ')}); FCP ${seconds(pick('fcp'))}, ` +
      `LCP ${seconds(pick('lcp'))}, TBT ${pick('tbt').toFixed(0)} ms, CLS ${pick('cls').toFixed(3)}`,
  }
}

async function withPostgresDatabase<T>(body: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  try {
    await admin.connect()
  } catch {
    return null // no PostgreSQL server here
  }
  const name = `jusconecta_bench_${process.pid}_${Date.now()}`
  await admin.query(`CREATE DATABASE ${name}`)
  try {
    const url = new URL(POSTGRES_ADMIN_URL)
    url.pathname = `/${name}`
    return await body(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

export async function run(flags: string[]) {
  const lighthouseRuns = Number(flagValue(flags, 'lighthouse-runs') ?? 3)
  const starts = Number(flagValue(flags, 'starts') ?? 3)
  const loadAtStart = os.loadavg()[0]!
  fs.mkdirSync(SCRATCH, { recursive: true })
  const scratch = fs.mkdtempSync(path.join(SCRATCH, 'foundation-'))
  const rows: Row[] = []
  const details: string[] = []
  const step = (text: string) => console.log(`… ${text}`)

  try {
    if (flags.includes('--with-npm-ci')) {
      step('npm ci num clone limpo')
      const install = measureNpmCi()
      rows.push(
        install.ms !== undefined
          ? { metric: 'npm ci (clone limpo)', value: seconds(install.ms) }
          : {
              metric: 'npm ci (clone limpo)',
              value: 'FALHOU',
              note: `npm ci recusou o lockfile (${install.failure}); npm install no mesmo clone: ${install.installMs ? seconds(install.installMs) : 'falhou'}`,
            },
      )
    } else {
      rows.push({ metric: 'npm ci (clone limpo)', value: 'não medido', note: 'use --with-npm-ci' })
    }

    step(`build (JC_DIST_DIR=${DIST})`)
    const buildMs = timeCommand(process.execPath, ['scripts/build.mjs'], {
      cwd: ROOT,
      env: { ...process.env, JC_DIST_DIR: DIST },
    })
    rows.push({ metric: 'build (cliente + servidor)', value: seconds(buildMs) })

    step('primeiro início (DATA_DIR novo: migrações + seed de referência)')
    const dataDir = path.join(scratch, 'data')
    const first = await startMeasured(dataDir)
    await first.stop()
    rows.push({
      metric: 'início até saudável, DATA_DIR novo',
      value: seconds(first.startToHealthy),
      note: 'migrações + 27 estados e 5.571 cidades',
    })

    step(`${starts} reinícios sobre o DATA_DIR existente`)
    const timings: number[] = []
    let server: RunningServer | null = null
    for (let i = 0; i < starts; i++) {
      server = await startMeasured(dataDir)
      timings.push(server.startToHealthy)
      if (i < starts - 1) await server.stop()
    }
    rows.push({
      metric: 'início até saudável, DATA_DIR existente',
      value: seconds(median(timings)),
      note: `mediana de ${starts} (${timings.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
    })

    try {
      step('memória ociosa (PGlite)')
      const pgliteRss = await idleRss(server!)

      step('JS inicial da landing (Chromium, primeira visita)')
      const js = await measureLandingJs(`${server!.url}/`)
      rows.push({
        metric: 'JS inicial da landing (gzip, transferido)',
        value: kB(js.served),
        target: '≤ 100 kB',
        note: `${js.files.length} arquivos; entrada + modulepreload do index.html: ${kB(entryJsFromHtml())} (gzip -9)`,
      })
      details.push('Arquivos JS baixados por / (gzip, como servidos):')
      for (const file of js.files) details.push(`  ${kB(file.bytes).padStart(9)}  ${file.name}`)

      for (const [preset, target] of [
        ['desktop', '≥ 95'],
        ['mobile', '≥ 90'],
      ] as const) {
        step(`Lighthouse ${preset} (${lighthouseRuns}×)`)
        const results = Array.from({ length: lighthouseRuns }, () => lighthouse(`${server!.url}/`, preset))
        rows.push(lighthouseRow(preset, results, target))
      }
      rows.push({
        metric: 'RSS ocioso, PGlite',
        value: MB(pgliteRss),
        note: `${IDLE_MS / 1000} s após aquecer`,
      })
    } finally {
      await server?.stop()
    }

    step('memória ociosa (PostgreSQL, banco descartável)')
    const postgres = await withPostgresDatabase(async (databaseUrl) => {
      // With DATABASE_URL the server requires a shared BETTER_AUTH_SECRET (issue 7, item 8).
      const pgServer = await startMeasured(path.join(scratch, 'data-pg'), {
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      })
      try {
        return { rss: await idleRss(pgServer), startToHealthy: pgServer.startToHealthy }
      } finally {
        await pgServer.stop()
      }
    })
    rows.push(
      postgres
        ? {
            metric: 'RSS ocioso, PostgreSQL',
            value: MB(postgres.rss),
            note: `só o processo Node; primeiro início (migrações + seed) em ${seconds(postgres.startToHealthy)}`,
          }
        : {
            metric: 'RSS ocioso, PostgreSQL',
            value: 'não medido',
            note: `sem servidor em ${POSTGRES_ADMIN_URL}`,
          },
    )
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }

  // Timings on a shared 2-core machine depend on what else runs: the load average says how busy it was.
  const load = `${loadAtStart.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`
  console.log(
    `\nMáquina: ${os.cpus().length} núcleos, ${MB(os.totalmem())} de RAM, Node ${process.version}, ` +
      `carga média (1 min) ${load}\n`,
  )
  printTable(rows)
  if (details.length) console.log(`\n${details.join('\n')}`)
}
