// Issue 9's realtime number. Run: `npm run bench -- notifications [--count=200]`.
//
// Two real server processes (src/server/index.server.ts, as `npm run dev` runs it) on ONE PostgreSQL database;
// a user's event stream (GET /api/notifications/stream) is open on node B.
// created: N notifications committed one after the other by createNotification over a database connection
//   (the path reminders take: a job commits the row and its NOTIFY), each timed from just before the commit to the
//   'created' event parsed from node B's stream. Delivery goes PostgreSQL NOTIFY → node B's one LISTEN → node B
//   reads the row for the user → SSE.
// read: the same N marked read one by one through node A's API (POST /api/notifications/:id/read), each timed
//   from the request to the 'read' event on node B's stream — a change made on node A seen by a tab on node B.
// Target: p99 ≤ 500 ms. Needs PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL or 127.0.0.1:5432).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { signUpSchema } from '../src/features/auth/auth.schema'
import { createAccount } from '../src/features/auth/signup.service.server'
// createAccount's steps (profile, office, welcome) and auth's event log are wired by the shell's hooks.
import '../src/server/feature-hooks.server'
import { createNotification } from '../src/features/notifications/notifications.public.server'
import { readEvents } from '../src/features/notifications/sse.testing'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { flagValue, percentile, printTable, ROOT } from './lib/bench'
import { createThrowawayDatabase, postgresUrl, reachable } from './lib/database'
import { freePort } from './lib/server'

export const description =
  'notificações em tempo real (issue 9): latência nó A → SSE no nó B, p50/p99 de 200 notificações'

const EMAIL = 'bench-notif@jusconecta.test'
const PASSWORD = 'bench-senha-123'
const P99_TARGET_MS = 500

async function startNode(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/index.server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-notif-')),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'error',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      RATE_LIMIT_API_MAX: '1000000000',
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

export async function run(flags: string[]): Promise<void> {
  const count = Number(flagValue(flags, 'count') ?? 200)
  const serverUrl = await postgresUrl()
  // A configured URL is probed too: without a server this bench has nothing to measure.
  if (!serverUrl || !(await reachable(serverUrl))) {
    console.log('PostgreSQL indisponível: este benchmark precisa de dois nós num mesmo PostgreSQL.')
    return
  }
  const database = await createThrowawayDatabase(serverUrl, 'jc_bench_notif')
  const databaseUrl = database.url
  const children: ChildProcess[] = []
  const handle = await openDatabase({ databaseUrl })
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const { userId } = await createAccount(
      handle.db,
      signUpSchema.parse({
        userType: 'advogado',
        email: EMAIL,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        nomeCompleto: 'Bench Notificações',
        telefone: '(11) 98765-4321',
        estadoId: 35,
        cidadeId: 3550308,
        oabNumero: '123456',
        oabEstado: 'SP',
      }),
    )
    const [nodeA, nodeB] = await Promise.all([startNode(databaseUrl), startNode(databaseUrl)])
    children.push(nodeA.child, nodeB.child)
    const signIn = await fetch(`${nodeA.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
    if (signIn.status !== 200) throw new Error(`entrada falhou: ${signIn.status}`)
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ')

    const stream = await fetch(`${nodeB.base}/api/notifications/stream`, { headers: { cookie } })
    if (stream.status !== 200) throw new Error(`fluxo no nó B: ${stream.status}`)
    const events = readEvents(stream.body!)
    await events.next((event) => event.event === 'ready')

    // Warm-up: code paths and connections of both nodes.
    for (let i = 0; i < 10; i++) {
      const row = await createNotification(handle.db, {
        userId,
        title: `Aquecimento ${i}`,
        message: 'x',
        type: 'info',
      })
      await events.next((event) => event.event === 'created' && event.data.includes(row!.id))
    }

    const created: number[] = []
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      const started = performance.now()
      const row = await createNotification(handle.db, {
        userId,
        title: `Notificação ${i + 1}`,
        message: 'Medida de latência entre nós.',
        type: 'info',
      })
      const event = await events.next((e) => e.event === 'created' && e.data.includes(row!.id), 5_000)
      created.push(event.at - started)
      ids.push(row!.id)
    }

    const read: number[] = []
    for (const id of ids) {
      const started = performance.now()
      const response = await fetch(`${nodeA.base}/api/notifications/${id}/read`, {
        method: 'POST',
        headers: { cookie, origin: 'http://localhost:3999' },
      })
      if (response.status !== 200) throw new Error(`marcar como lida no nó A: ${response.status}`)
      const event = await events.next((e) => e.event === 'read' && e.data.includes(id), 5_000)
      read.push(event.at - started)
    }
    await events.close()

    const row = (label: string, values: number[], p: number) => {
      const value = percentile(values, p)
      return {
        metric: `${label} p${p}`,
        value: `${value.toFixed(1)} ms`,
        target: p === 99 ? `≤ ${P99_TARGET_MS} ms` : '',
        note: p === 99 ? (value <= P99_TARGET_MS ? 'ok' : 'ACIMA DA META') : `${values.length} amostras`,
      }
    }
    printTable([
      row('criada (commit → evento no nó B)', created, 50),
      row('criada (commit → evento no nó B)', created, 99),
      { metric: 'criada: máximo', value: `${Math.max(...created).toFixed(1)} ms` },
      row('lida via API do nó A → evento no nó B', read, 50),
      row('lida via API do nó A → evento no nó B', read, 99),
      { metric: 'lida: máximo', value: `${Math.max(...read).toFixed(1)} ms` },
    ])
  } finally {
    // Nodes gone before the database is dropped (pg-boss would log the dropped connections).
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
          }),
      ),
    )
    await handle.close()
    await database.drop()
  }
}
