// Issue 12's numbers. Run: `npm run bench -- backup [--clients=100000] [--cases=200000] [--files=100]
// [--db=postgres|pglite]`.
//
// One office with 100 k clients, 200 k cases (the seed functions of those modules) and 1 GB of documents
// (100 × 10 MB random files written through the storage, with their document rows), on PostgreSQL unless
// --db says otherwise. Then, in a fresh process (as in the server: its heap holds nothing of the seeding,
// bench/lib/backup-child.ts), the backup (the archive streamed into storage, as the job does) and the restore
// (the archive spooled from storage and restored all-or-nothing, as the route does), each timed, with MB/s
// (archive bytes / time), the archive's size and that process's peak RSS growth above its idle level during
// each, sampled every 20 ms by a worker thread (target < 150 MB: rows and files stream, nothing is held whole).
import { fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { sql } from 'drizzle-orm'
import { seedCases } from '../src/features/cases/cases.seed.server'
import { seedClients } from '../src/features/clients/clients.seed.server'
import { getStorage, newStorageKey } from '../src/platform/storage.server'
import type { BackupChildArgs } from './lib/backup-child'
import { flagValue, printTable, ROOT, seconds, type Row } from './lib/bench'
import { postgresUrl } from './lib/database'
import { prepare } from './documents'

export const description =
  'backup (issue 12): backup e restauração de 100 mil clientes, 200 mil casos e 1 GB de documentos (tempo, MB/s, RSS, tamanho)'

const FILE_BYTES = 10 * 1024 * 1024
const RSS_TARGET = 150 * 1024 * 1024
const mb = (bytes: number) => bytes / (1024 * 1024)
const fmt = (n: number, digits = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits })

/** Samples a process's VmRSS every 20 ms on its own thread (a busy main loop can't skip samples). */
function rssSampler(pid: number) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
     const fs = require('node:fs')
     let peak = 0
     const read = () => {
       const kb = /^VmRSS:\\s+(\\d+) kB$/m.exec(fs.readFileSync('/proc/' + workerData.pid + '/status', 'utf8'))
       if (kb && Number(kb[1]) * 1024 > peak) peak = Number(kb[1]) * 1024
     }
     const timer = setInterval(read, 20)
     parentPort.on('message', (message) => {
       if (message === 'reset') { peak = 0; read(); parentPort.postMessage(peak) }
       else if (message === 'peak') { read(); parentPort.postMessage(peak) }
       else { clearInterval(timer); parentPort.close() }
     })`,
    { eval: true, workerData: { pid } },
  )
  const ask = (message: string) =>
    new Promise<number>((resolve) => {
      worker.once('message', resolve)
      worker.postMessage(message)
    })
  return { reset: () => ask('reset'), peak: () => ask('peak'), stop: () => worker.terminate() }
}

interface ChildAnswer {
  ready?: true
  done?: 'backup' | 'restore'
  ms: number
  size?: number
  counts: Record<string, number>
}

/** The measured process: started, then told what to do; each answer comes with its peak RSS growth. */
function startChild(args: BackupChildArgs) {
  const child: ChildProcess = fork(path.join(ROOT, 'bench/lib/backup-child.ts'), [JSON.stringify(args)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const next = () =>
    new Promise<ChildAnswer>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ChildAnswer))
      child.once('exit', (code) => reject(new Error(`processo medido saiu (${code})`)))
    })
  const sampler = rssSampler(child.pid as number)
  return {
    ready: next,
    async run(command: 'backup' | 'restore') {
      // The idle level: after start-up, before the work (the median of a few readings).
      const before = await sampler.reset()
      const answer = next()
      child.send(command)
      const result = await answer
      return { ...result, growth: (await sampler.peak()) - before }
    },
    async stop() {
      child.send('exit')
      await new Promise((resolve) => child.once('exit', resolve))
      await sampler.stop()
    },
  }
}

export async function run(flags: string[]) {
  const clients = Number(flagValue(flags, 'clients') ?? 100_000)
  const cases = Number(flagValue(flags, 'cases') ?? 200_000)
  const files = Number(flagValue(flags, 'files') ?? 100)
  const serverUrl = await postgresUrl()
  const kind = (flagValue(flags, 'db') ?? (serverUrl ? 'postgres' : 'pglite')) as 'postgres' | 'pglite'
  const prepared = await prepare(kind, serverUrl)
  const { handle, officeId, userId, dataDir } = prepared
  const db = handle.db
  const storage = getStorage({ dataDir })
  let child: ReturnType<typeof startChild> | undefined
  try {
    console.log(`Semeando ${clients} clientes, ${cases} casos e ${files} arquivos de 10 MB (${kind})...`)
    const clientIds = await seedClients(db, { officeId, createdBy: userId, count: clients })
    await seedCases(db, { officeId, createdBy: userId, count: cases, clientIds })
    for (let i = 0; i < files; i++) {
      const key = newStorageKey()
      const stored = await storage.put('documents', key, randomBytes(FILE_BYTES))
      const documentId = crypto.randomUUID()
      await db.execute(sql`
        insert into documents (id, office_id, created_by, nome, pasta, nivel_acesso)
        values (${documentId}, ${officeId}, ${userId}, ${`Documento ${i + 1}.pdf`}, 'contratos', 'publico')`)
      await db.execute(sql`
        insert into document_versions (office_id, document_id, versao, storage_key, size, sha256, tipo, mime_type, original_name)
        values (${officeId}, ${documentId}, 1, ${key}, ${stored.size}, ${stored.sha256}, 'PDF', 'application/pdf',
                ${`documento-${i + 1}.pdf`})`)
    }
    // PGlite is one process's database: the measured process opens it once this one has let go.
    if (kind === 'pglite') await handle.close()
    child = startChild({
      ...(prepared.databaseUrl
        ? { databaseUrl: prepared.databaseUrl }
        : { pgliteDir: path.join(dataDir, 'pglite') }),
      dataDir,
      officeId,
    })
    await child.ready()
    const backup = await child.run('backup')
    const restore = await child.run('restore')
    const archiveBytes = backup.size ?? 0
    const same = Object.entries(backup.counts).every(([table, n]) => restore.counts[table] === n)

    const rows: Row[] = [
      { metric: 'Banco', value: kind },
      {
        metric: 'Dados',
        value: `${fmt(clients, 0)} clientes, ${fmt(cases, 0)} casos, ${files} × 10 MB`,
        note: `${fmt(mb(files * FILE_BYTES), 0)} MB de arquivos`,
      },
      { metric: 'Tamanho do arquivo de backup', value: `${fmt(mb(archiveBytes))} MB` },
      { metric: 'Backup: tempo', value: seconds(backup.ms) },
      { metric: 'Backup: MB/s', value: fmt(mb(archiveBytes) / (backup.ms / 1000)) },
      {
        metric: 'Backup: crescimento do RSS',
        value: `${fmt(mb(backup.growth))} MB`,
        target: '< 150 MB',
        note: backup.growth < RSS_TARGET ? 'ok' : 'ACIMA DA META',
      },
      {
        metric: 'Restauração: tempo',
        value: seconds(restore.ms),
        note: 'valida, prepara arquivos, 1 transação',
      },
      { metric: 'Restauração: MB/s', value: fmt(mb(archiveBytes) / (restore.ms / 1000)) },
      {
        metric: 'Restauração: crescimento do RSS',
        value: `${fmt(mb(restore.growth))} MB`,
        target: '< 150 MB',
        note: restore.growth < RSS_TARGET ? 'ok' : 'ACIMA DA META',
      },
      { metric: 'Linhas restauradas = linhas do backup', value: same ? 'sim' : 'NÃO' },
    ]
    printTable(rows)
  } finally {
    await child?.stop()
    if (kind !== 'pglite') await handle.close()
    await prepared.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
