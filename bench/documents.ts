// Issue 8's numbers. Run: `npm run bench -- documents [--only=transfer|list] [--db=pglite|postgres]
// [--files=20] [--docs=100000] [--runs=200]`.
//
// transfer: N concurrent 10 MB uploads (POST /api/documents, raw bytes), then N concurrent downloads
//   (GET /api/documents/:id/file?disposition=attachment, each checked byte for byte by SHA-256), through the real
//   server (src/server/index.server.ts in a child process, local storage). MB/s of each against fs.copyFile of the
//   same N files on the same disk, and the server's peak RSS above idle (VmRSS sampled every 20 ms by a worker
//   thread, so the load generator's busy event loop can't skip samples). Target: < 100 MB, i.e. files stream.
// list: 100 k documents in one office, seeded with one SQL insert (the rows point at fake storage keys: the list
//   never reads a file, and storage_key is unique, so they can't share one), then GET /api/documents first page,
//   search by name, search by tag and folder filter, p50/p99 over --runs requests at one connection.
//   Target: p99 ≤ 50 ms on PostgreSQL.
// The database is PGlite for transfer and PostgreSQL for list unless --db says otherwise (PostgreSQL when
// BENCH_DATABASE_URL / TEST_DATABASE_URL is set or a server answers on 127.0.0.1:5432).
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import autocannon from 'autocannon'
import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { openDatabase, type Database, type DbHandle, type DbKind } from '../src/db/client.server'
import * as schema from '../src/db/schema.server'
import { listDocuments } from '../src/features/documents/documents.service.server'
import { runMigrations } from '../src/db/migrate.server'
import { signUpSchema } from '../src/features/auth/auth.schema'
import { createAccount } from '../src/features/auth/signup.service.server'
// createAccount's steps (profile, office, welcome) and auth's event log are wired by the shell's hooks.
import '../src/server/feature-hooks.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { flagValue, ms, percentile, printTable, ROOT, SCRATCH, type Row } from './lib/bench'
import { createThrowawayDatabase, postgresUrl } from './lib/database'
import { freePort, rss } from './lib/server'

export const description =
  'documentos (issue 8): 20 envios e 20 downloads simultâneos de 10 MB (MB/s × cópia de arquivo, RSS) e lista/busca a 100 mil'

const EMAIL = 'bench-docs@jusconecta.test'
const PASSWORD = 'bench-senha-123'
const FILE_BYTES = 10 * 1024 * 1024
const RSS_TARGET = 100 * 1024 * 1024
const P99_TARGET_MS = 50

const mb = (bytes: number) => bytes / (1024 * 1024)
const fmt = (n: number, digits = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits })
interface Prepared {
  kind: DbKind
  dataDir: string
  databaseUrl?: string
  handle: DbHandle
  officeId: string
  userId: string
  drop: () => Promise<void>
}

/** A fresh database (PGlite in a scratch DATA_DIR, or a throwaway PostgreSQL database) with one lawyer's office. */
export async function prepare(kind: DbKind, serverUrl: string | undefined): Promise<Prepared> {
  fs.mkdirSync(SCRATCH, { recursive: true })
  const dataDir = fs.mkdtempSync(path.join(SCRATCH, `documents-${kind}-`))
  let handle: DbHandle
  let databaseUrl: string | undefined
  let dropDb = async () => {}
  if (kind === 'pglite') {
    handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
  } else {
    if (!serverUrl) throw new Error('PostgreSQL indisponível')
    const database = await createThrowawayDatabase(serverUrl, 'jc_bench_docs')
    databaseUrl = database.url
    handle = await openDatabase({ databaseUrl })
    dropDb = database.drop
  }
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
  return {
    kind,
    dataDir,
    databaseUrl,
    handle,
    officeId: membership.officeId,
    userId,
    drop: async () => {
      await dropDb()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function startServer(prepared: Prepared): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/index.server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: prepared.dataDir,
      DATABASE_URL: prepared.databaseUrl ?? '',
      PUBLIC_URL: base,
      LOG_LEVEL: 'error',
      STORAGE: 'local',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      // One user sends everything here: the per-user limits would answer 429s, which are not what is measured.
      RATE_LIMIT_API_MAX: '1000000000',
      RATE_LIMIT_UPLOAD_MAX: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (código ${child.exitCode})`)
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (healthy) return { base, child }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill('SIGTERM')
  throw new Error('o servidor não ficou pronto em 180 s')
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  })
  if (!response.ok) throw new Error(`sign-in falhou: ${response.status} ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** Samples a process's VmRSS every 20 ms on its own thread and keeps the peak since the last reset. */
function rssSampler(pid: number) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
     const fs = require('node:fs')
     let peak = 0
     const read = () => {
       try {
         const kb = /^VmRSS:\\s+(\\d+) kB$/m.exec(fs.readFileSync('/proc/' + workerData.pid + '/status', 'utf8'))
         if (kb && Number(kb[1]) * 1024 > peak) peak = Number(kb[1]) * 1024
       } catch {}
     }
     const timer = setInterval(read, 20)
     parentPort.on('message', (message) => {
       if (message === 'reset') { peak = 0; read(); parentPort.postMessage(peak) }
       else if (message === 'peak') { read(); parentPort.postMessage(peak) }
       else if (message === 'stop') { clearInterval(timer); parentPort.close() }
     })`,
    { eval: true, workerData: { pid } },
  )
  const ask = (message: string) =>
    new Promise<number>((resolve) => {
      worker.once('message', resolve)
      worker.postMessage(message)
    })
  return {
    reset: () => ask('reset'),
    peak: () => ask('peak'),
    stop: () => worker.terminate(),
  }
}

/** A valid PDF header and trailer around random bytes: exactly `size` bytes that the server's sniffing accepts. */
function pdfBytes(size: number): Uint8Array<ArrayBuffer> {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 0 >>\nstream\n', 'latin1')
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1')
  return new Uint8Array(Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]))
}

/** CPU time (user + system) a process has used, in seconds (Linux /proc, clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** The server's idle RSS: median of 10 readings, 50 ms apart. */
async function idleRss(pid: number): Promise<number> {
  const readings: number[] = []
  for (let i = 0; i < 10; i++) {
    readings.push(rss(pid))
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return percentile(readings, 50)
}

async function upload(
  base: string,
  cookie: string,
  name: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const query = new URLSearchParams({ name, pasta: 'contratos', nivelAcesso: 'publico' })
  const response = await fetch(`${base}/api/documents?${query}`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/pdf' },
    body,
  })
  if (response.status !== 201) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { document: { id: string } }).document.id
}

/** Downloads a file, hashing it as it streams in (the bench never holds it whole either). */
async function download(base: string, cookie: string, id: string): Promise<{ size: number; sha256: string }> {
  const response = await fetch(`${base}/api/documents/${id}/file?disposition=attachment`, {
    headers: { cookie },
  })
  if (response.status !== 200 || !response.body) throw new Error(`download ${id}: ${response.status}`)
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of response.body) {
    hash.update(chunk)
    size += chunk.length
  }
  return { size, sha256: hash.digest('hex') }
}

async function transfer(kind: DbKind, serverUrl: string | undefined, count: number): Promise<Row[]> {
  console.log(
    `\n== transferência: ${count} arquivos de ${fmt(mb(FILE_BYTES), 0)} MB, ${kind}, armazenamento local ==`,
  )
  const prepared = await prepare(kind, serverUrl)
  await prepared.handle.close()
  const work = path.join(prepared.dataDir, 'bench-files')
  fs.mkdirSync(path.join(work, 'copies'), { recursive: true })
  const bodies = Array.from({ length: count }, () => pdfBytes(FILE_BYTES))
  const sources = bodies.map((body, i) => {
    const file = path.join(work, `arquivo-${i}.pdf`)
    fs.writeFileSync(file, body)
    return file
  })
  const expected = bodies.map((body) => createHash('sha256').update(body).digest('hex'))
  const totalMB = mb(FILE_BYTES * count)

  // The baseline: the same bytes copied file to file on the same disk, all at once (median of 3).
  const copyTimes: number[] = []
  for (let run = 0; run < 3; run++) {
    const started = performance.now()
    await Promise.all(
      sources.map((file, i) => fs.promises.copyFile(file, path.join(work, 'copies', `${run}-${i}.pdf`))),
    )
    copyTimes.push(performance.now() - started)
  }
  const copyMs = percentile(copyTimes, 50)
  fs.rmSync(path.join(work, 'copies'), { recursive: true, force: true })

  const { base, child } = await startServer(prepared)
  const sampler = rssSampler(child.pid!)
  try {
    const cookie = await signIn(base)
    // Warm-up: one small upload and download, so code paths are loaded before idle is read.
    const warm = await upload(base, cookie, 'aquecimento.pdf', pdfBytes(64 * 1024))
    await download(base, cookie, warm)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const idle = await idleRss(child.pid!)

    await sampler.reset()
    let cpuStarted = cpuSeconds(child.pid!)
    let started = performance.now()
    const ids = await Promise.all(bodies.map((body, i) => upload(base, cookie, `contrato-${i}.pdf`, body)))
    const uploadMs = performance.now() - started
    const uploadPeak = await sampler.peak()
    const uploadCpu = cpuSeconds(child.pid!) - cpuStarted
    const leftovers = fs.readdirSync(path.join(prepared.dataDir, 'tmp')).length
    const stored = fs.readdirSync(path.join(prepared.dataDir, 'files', 'documents')).length

    await new Promise((resolve) => setTimeout(resolve, 500))
    await sampler.reset()
    cpuStarted = cpuSeconds(child.pid!)
    started = performance.now()
    const downloaded = await Promise.all(ids.map((id) => download(base, cookie, id)))
    const downloadMs = performance.now() - started
    const downloadPeak = await sampler.peak()
    const downloadCpu = cpuSeconds(child.pid!) - cpuStarted
    const intact = downloaded.every((d, i) => d.size === FILE_BYTES && d.sha256 === expected[i])

    const copyRate = totalMB / (copyMs / 1000)
    const uploadRate = totalMB / (uploadMs / 1000)
    const downloadRate = totalMB / (downloadMs / 1000)
    console.log(`  carga da máquina (1 min): ${os.loadavg()[0]!.toFixed(1)} em ${os.cpus().length} núcleos`)
    console.log(
      `  RSS ocioso do servidor: ${fmt(mb(idle))} MB; arquivos guardados: ${stored}; temporários restantes: ${leftovers}`,
    )
    return [
      {
        metric: `cópia de arquivo (fs.copyFile ×${count})`,
        value: `${fmt(copyRate)} MB/s`,
        note: `${fmt(copyMs, 0)} ms`,
      },
      {
        metric: `envio ×${count} simultâneos (API)`,
        value: `${fmt(uploadRate)} MB/s`,
        note: `${fmt(uploadMs, 0)} ms; ${fmt(uploadRate / copyRate, 2)}× a cópia; CPU do servidor ${fmt(uploadCpu, 2)} s (${fmt(totalMB / uploadCpu, 0)} MB por s de CPU)`,
      },
      {
        metric: `download ×${count} simultâneos (API)`,
        value: `${fmt(downloadRate)} MB/s`,
        note: `${fmt(downloadMs, 0)} ms; ${fmt(downloadRate / copyRate, 2)}× a cópia; CPU do servidor ${fmt(downloadCpu, 2)} s (${fmt(totalMB / downloadCpu, 0)} MB por s de CPU); bytes ${intact ? 'idênticos' : 'DIFERENTES ✗'}`,
      },
      {
        metric: 'pico de RSS acima do ocioso, envios',
        value: `${fmt(mb(uploadPeak - idle))} MB`,
        target: '< 100 MB',
        note: `pico ${fmt(mb(uploadPeak))} MB${uploadPeak - idle < RSS_TARGET ? '' : ' ✗'}`,
      },
      {
        metric: 'pico de RSS acima do ocioso, downloads',
        value: `${fmt(mb(downloadPeak - idle))} MB`,
        target: '< 100 MB',
        note: `pico ${fmt(mb(downloadPeak))} MB${downloadPeak - idle < RSS_TARGET ? '' : ' ✗'}`,
      },
    ]
  } finally {
    await sampler.stop()
    await stopServer(child)
    await prepared.drop()
  }
}

const NAMES = [
  'Contrato de Honorários',
  'Procuração Ad Judicia',
  'Petição Inicial',
  'Certidão de Nascimento',
  'Minuta de Acordo',
  'Contestação',
  'Recurso de Apelação',
  'Parecer Jurídico',
  'Laudo Pericial',
  'Notificação Extrajudicial',
]
const SURNAMES = [
  'Silva',
  'Araújo',
  'Souza',
  'Oliveira',
  'Pereira',
  'Lima',
  'Carvalho',
  'Gomes',
  'Ribeiro',
  'Almeida',
]
const TAGS_A = [
  'urgente',
  'revisar',
  'assinado',
  'original',
  'cópia',
  'digitalizado',
  'arquivado',
  'pendente',
]
const TAGS_B = ['trabalhista', 'cível', 'família', 'tributário', 'consumidor', 'previdenciário', 'penal']
const FOLDERS = ['contratos', 'pecas_processuais', 'documentos_pessoais', 'certidoes', 'minutas']
const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`)

/** `count` documents with one version each, spread over the last months, in one statement per table. */
export async function seedDocuments(prepared: Prepared, count: number) {
  const { db } = prepared.handle
  await db.execute(sql`
    insert into documents (office_id, created_by, nome, pasta, nivel_acesso, etiquetas, etiquetas_busca, versao,
                           created_at, updated_at)
    select ${prepared.officeId}, ${prepared.userId}, nome, pasta, nivel, tags,
           f_unaccent(lower(array_to_string(tags, E'\\n'))), 1, created, created
    from (
      select (${textArray(NAMES)})[1 + i % ${NAMES.length}] || ' ' ||
               (${textArray(SURNAMES)})[1 + (i / ${NAMES.length}) % ${SURNAMES.length}] || ' nº ' || i as nome,
             (${textArray(FOLDERS)})[1 + i % ${FOLDERS.length}] as pasta,
             case when i % 10 < 7 then 'publico' when i % 10 < 9 then 'restrito' else 'confidencial' end as nivel,
             array[(${textArray(TAGS_A)})[1 + i % ${TAGS_A.length}],
                   (${textArray(TAGS_B)})[1 + (i / 3) % ${TAGS_B.length}]] as tags,
             now() - make_interval(mins => i) as created
      from generate_series(1, ${count}) as i
    ) as generated`)
  await db.execute(sql`
    insert into document_versions (office_id, document_id, versao, storage_key, size, sha256, tipo, mime_type,
                                   original_name, uploaded_by, created_at)
    select office_id, id, 1, 'bench-' || id, 123456, repeat('0', 64), 'PDF', 'application/pdf', nome || '.pdf',
           created_by, created_at
    from documents where office_id = ${prepared.officeId}`)
  await db.execute(sql`vacuum analyze documents`)
  await db.execute(sql`vacuum analyze document_versions`)
}

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

/**
 * The statements listDocuments issues for `filter` (captured with a Drizzle logger on the bench's own
 * connection), each with its EXPLAIN ANALYZE execution time and plan shape: where a slow scenario spends.
 */
async function explainList(prepared: Prepared, filter: Parameters<typeof listDocuments>[2]) {
  const client = (prepared.handle.db as unknown as { $client: RawClient }).$client
  const captured: { sql: string; params: unknown[] }[] = []
  const logger = {
    logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }),
  }
  const db =
    prepared.kind === 'pglite'
      ? (drizzlePglite({ client: client as unknown as PGlite, schema, logger }) as unknown as Database)
      : drizzlePg({ client: client as unknown as pg.Pool, schema, logger })
  await listDocuments(
    db,
    // A sócio reaches every case and client: the member id narrows nothing for them.
    { officeId: prepared.officeId, userId: prepared.userId, nivelAcesso: 'socio', memberId: '' },
    filter,
  )
  const lines: string[] = []
  for (const [i, query] of captured.entries()) {
    const result = await client.query(`explain (analyze, format text) ${query.sql}`, query.params)
    const plan = result.rows.map((row) => String(Object.values(row)[0]))
    const total = plan.find((line) => line.startsWith('Execution Time'))
    const nodes = plan
      .filter((line) => /(Scan|Join|Sort|Limit|Aggregate|Nested Loop|Hash)/.test(line))
      .map((line) =>
        line
          .trim()
          .replace(/\s+\(cost=[^)]*\)/, '')
          .replace(/ \(actual time=([\d.]+)\.\.([\d.]+) rows=(\d+) loops=(\d+)\)/, ' [$2 ms, $3×$4]'),
      )
    lines.push(`    q${i + 1} ${total}: ${nodes.slice(0, 6).join(' > ')}`)
  }
  return lines
}

async function timed(url: string, cookie: string, runs: number) {
  const latencies: number[] = []
  let failures = 0
  const once = (amount: number, record: boolean) => {
    const instance = autocannon({ url, connections: 1, amount, headers: { cookie } })
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status !== 200) failures++
      else if (record) latencies.push(responseTime)
    })
    return instance
  }
  await once(20, false)
  await once(runs, true)
  if (failures > 0) throw new Error(`${url}: ${failures} respostas diferentes de 200`)
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: latencies.length }
}

async function list(
  kind: DbKind,
  serverUrl: string | undefined,
  count: number,
  runs: number,
): Promise<Row[]> {
  console.log(`\n== lista e busca: ${fmt(count, 0)} documentos num escritório, ${kind} ==`)
  const prepared = await prepare(kind, serverUrl)
  const seedStarted = performance.now()
  await seedDocuments(prepared, count)
  console.log(`  seed: ${fmt((performance.now() - seedStarted) / 1000)} s`)
  const page = { limit: 50, offset: 0 }
  for (const [name, filter] of [
    ['1ª página', page],
    ["busca 'araujo'", { ...page, search: 'araujo' }],
    ["busca 'previdenciario'", { ...page, search: 'previdenciario' }],
    ['pasta certidoes', { ...page, pasta: 'certidoes' as const }],
  ] as const) {
    console.log(`  EXPLAIN ANALYZE ${name}:`)
    for (const line of await explainList(prepared, filter)) console.log(line)
  }
  await prepared.handle.close()
  const { base, child } = await startServer(prepared)
  try {
    const cookie = await signIn(base)
    const scenarios = [
      { name: 'lista: 1ª página', path: '/api/documents' },
      { name: "busca por nome 'araujo'", path: '/api/documents?search=araujo' },
      { name: "busca por nome 'procuracao silva'", path: '/api/documents?search=procuracao%20silva' },
      { name: "busca por etiqueta 'trabalhista'", path: '/api/documents?search=trabalhista' },
      { name: "busca por etiqueta 'previdenciario'", path: '/api/documents?search=previdenciario' },
      { name: 'pasta Certidões', path: '/api/documents?pasta=certidoes' },
      { name: 'pasta Minutas, 3ª página', path: '/api/documents?pasta=minutas&offset=100' },
    ]
    const rows: Row[] = []
    for (const scenario of scenarios) {
      const stats = await timed(`${base}${scenario.path}`, cookie, runs)
      const total = (
        (await (await fetch(`${base}${scenario.path}`, { headers: { cookie } })).json()) as { total: number }
      ).total
      console.log(
        `  ${scenario.name}: p50 ${ms(stats.p50)} p99 ${ms(stats.p99)} (${stats.n} requisições; total ${fmt(total, 0)})`,
      )
      rows.push({
        metric: `${kind} ${scenario.name}`,
        value: `p50 ${ms(stats.p50)} / p99 ${ms(stats.p99)}`,
        target: kind === 'postgres' ? `p99 ≤ ${P99_TARGET_MS} ms` : undefined,
        note: `${stats.n} req.; total ${fmt(total, 0)}${kind === 'postgres' && stats.p99 > P99_TARGET_MS ? ' ✗' : ''}`,
      })
    }
    return rows
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 500))
    await stopServer(child)
    await prepared.drop()
  }
}

export async function run(flags: string[]): Promise<void> {
  const only = flagValue(flags, 'only')
  const requestedDb = flagValue(flags, 'db') as DbKind | undefined
  const files = Number(flagValue(flags, 'files') ?? 20)
  const docs = Number((flagValue(flags, 'docs') ?? '100000').replace(/[._]/g, ''))
  const runs = Number(flagValue(flags, 'runs') ?? 200)
  const serverUrl = await postgresUrl()
  if (requestedDb === 'postgres' && !serverUrl)
    throw new Error('PostgreSQL não encontrado (BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)')
  const rows: Row[] = []
  if (!only || only === 'transfer') rows.push(...(await transfer(requestedDb ?? 'pglite', serverUrl, files)))
  if (!only || only === 'list') {
    const kind = requestedDb ?? (serverUrl ? 'postgres' : 'pglite')
    if (kind === 'pglite')
      console.warn('PostgreSQL não encontrado: lista medida no PGlite (a meta é do PostgreSQL).')
    rows.push(...(await list(kind, serverUrl, docs, runs)))
  }
  console.log('')
  printTable(rows)
  if (rows.some((row) => row.note?.endsWith('✗'))) {
    console.log('\nMETAS NÃO ATINGIDAS (✗ acima).')
    process.exitCode = 1
  }
}
