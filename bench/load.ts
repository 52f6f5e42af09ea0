// npm run bench -- load [--users=200] [--offices=20] [--duration=60] [--warmup=5] [--think=500-1000]
//                       [--pool=<DATABASE_POOL_MAX>] [--sign-ins=<per minute>] [--no-streams]
//                       [--profile=<folder for the nodes' --cpu-prof>] [--dist=<build dir>]
//
// Issue 24, "two nodes under load": two server processes (src/server/index.server.ts through tsx, or a build
// with --dist) on ONE PostgreSQL database, same BETTER_AUTH_SECRET, different ports. 20 offices × 10 people
// (one sócio signed up for real, nine associados; 500 clients, 1 000 cases and 300 events per office) sign in
// and keep the notification stream open as the app does; then for --duration seconds each of them goes
// through the app's screens (lib/load-mix.ts: dashboard, client and case lists, searches, records, creates,
// the agenda's month, new events, notifications, reference data, pickers) with a pause of --think ms between
// screens, keeping what a browser's cache would (answers with Cache-Control max-age, e.g. reference data).
// Requests carry Accept-Encoding like a browser's, so compression is paid as in production. They go
// round-robin to the two nodes, as a load balancer without stickiness would send them.
// Prints requests, errors, p50/p99 overall and per endpoint, and per node: its event-loop delay and stalls,
// its pool's waits and slowest statements (bench/lib/server-probe.ts, loaded with --import: the server's
// code is unchanged) and its error log lines. Goal: 0 errors, p99 ≤ 200 ms on this machine.
// Needs PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL or 127.0.0.1:5432).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { flagValue, ROOT, seconds } from './lib/bench'
import { createThrowawayDatabase, postgresUrl, reachable } from './lib/database'
import { pickScreen, type PlannedRequest } from './lib/load-mix'
import { LOAD_PASSWORD, seedLoadData, type LoadOffice } from './lib/load-seed'
import { freePort } from './lib/server'
import { cookieOf, loadAverage, startNode, type ServerNode } from './lib/server-node'
import { printLoadReport, type ProbeReport, type Sample } from './lib/load-report'

export const description =
  'carga em dois nós (issue 24): 200 usuários num PostgreSQL, requisições, erros, p50/p99 por rota e nó'

const PROBE = path.join(ROOT, 'bench/lib/server-probe.ts')

interface VirtualUser {
  email: string
  office: LoadOffice
  cookie: string
  /** The browser's HTTP cache: GET paths answered with `max-age`, and until when (reference data). */
  cache: Map<string, number>
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))

function range(flag: string | undefined, fallback: [number, number]): [number, number] {
  const match = flag ? /^(\d+)-(\d+)$/.exec(flag) : null
  return match ? [Number(match[1]), Number(match[2])] : fallback
}

/**
 * CPU time (ms) each PostgreSQL backend of this database has used so far, by pid (Linux /proc, same machine):
 * what the database spends on the load, next to the nodes' own CPU.
 */
async function backendCpuMs(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  const ticks = new Map<number, number>()
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // utime and stime (fields 14 and 15), in clock ticks of 10 ms.
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) * 10)
    } catch {
      // a backend that ended meanwhile
    }
  }
  return ticks
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++
        await task(items[index]!, index)
      }
    }),
  )
}

export async function run(flags: string[]): Promise<void> {
  const userCount = Number(flagValue(flags, 'users') ?? 200)
  const officeCount = Number(flagValue(flags, 'offices') ?? 20)
  const durationS = Number(flagValue(flags, 'duration') ?? 60)
  const warmupS = Number(flagValue(flags, 'warmup') ?? 5)
  const [thinkMin, thinkMax] = range(flagValue(flags, 'think'), [500, 1000])
  const poolMax = flagValue(flags, 'pool')
  const signInsPerMinute = Number(flagValue(flags, 'sign-ins') ?? 0)
  const streams = !flags.includes('--no-streams')
  const profileDir = flagValue(flags, 'profile')
  const distDir = flagValue(flags, 'dist')

  const serverUrl = await postgresUrl()
  if (!serverUrl || !(await reachable(serverUrl))) {
    console.log('PostgreSQL indisponível: este benchmark precisa de dois nós num mesmo PostgreSQL.')
    return
  }
  const loadAtStart = loadAverage()
  console.log(`carga da máquina no início: ${loadAtStart}`)
  const database = await createThrowawayDatabase(serverUrl, 'jc_bench_load')
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-load-'))
  const nodes: ServerNode[] = []
  const openStreams: AbortController[] = []
  try {
    const setupStarted = performance.now()
    const handle = await openDatabase({ databaseUrl: database.url })
    let seeded: Awaited<ReturnType<typeof seedLoadData>>
    try {
      await runMigrations(handle)
      await seedReferenceData(handle.db)
      seeded = await seedLoadData(handle, {
        offices: officeCount,
        usersPerOffice: Math.ceil(userCount / officeCount),
        clientsPerOffice: 500,
        casesPerOffice: 1000,
        eventsPerOffice: 300,
      })
    } finally {
      await handle.close()
    }
    console.log(
      `  dados: ${seeded.users.length} pessoas em ${officeCount} escritórios (${seconds(performance.now() - setupStarted)})`,
    )

    const ports = [await freePort(), await freePort()]
    const started = await Promise.all(
      ports.map((port, index) =>
        startNode({
          port,
          databaseUrl: database.url,
          distDir,
          nodeArgs: [
            '--import',
            'tsx',
            '--import',
            PROBE,
            ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
          ],
          env: {
            JC_BENCH_PROBE_FILE: path.join(probeDir, `node-${index}.json`),
            // Every sign-in of the set-up comes from 127.0.0.1: the per-address limits are not what is measured.
            RATE_LIMIT_SIGN_IN_MAX: '1000000',
            RATE_LIMIT_AUTH_DEFAULT_MAX: '1000000',
            RATE_LIMIT_ANONYMOUS_MAX: '1000000',
            ...(poolMax ? { DATABASE_POOL_MAX: poolMax } : {}),
          },
        }),
      ),
    )
    nodes.push(...started)
    console.log(`  nós prontos: ${nodes.map((node) => `${node.base} (${seconds(node.startMs)})`).join(', ')}`)

    let turn = 0
    const nextNode = () => nodes[turn++ % nodes.length]!
    const signIn = async (email: string): Promise<string> => {
      const node = nextNode()
      const response = await fetch(`${node.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: node.base },
        body: JSON.stringify({ email, password: LOAD_PASSWORD }),
      })
      if (response.status !== 200)
        throw new Error(
          `entrada de ${email}: ${response.status} ${await response.text()}\n${node.errorLines().join('\n')}`,
        )
      return cookieOf(response)
    }
    const users: VirtualUser[] = []
    await inBatches(seeded.users, 4, async (user) => {
      users.push({
        email: user.email,
        office: seeded.offices[user.office]!,
        cookie: await signIn(user.email),
        cache: new Map(),
      })
    })
    let streamEvents = 0
    if (streams) {
      // Each user's tab keeps its notification stream open on one node (EventSource reconnects to whichever).
      users.forEach((user, index) => {
        const node = nodes[index % nodes.length]!
        const controller = new AbortController()
        openStreams.push(controller)
        void fetch(`${node.base}/api/notifications/stream`, {
          headers: { cookie: user.cookie },
          signal: controller.signal,
        })
          .then(async (response) => {
            const decoder = new TextDecoder()
            for await (const chunk of response.body!)
              streamEvents += decoder.decode(chunk, { stream: true }).split('event:').length - 1
          })
          .catch(() => undefined)
      })
    }
    console.log(`  ${users.length} sessões abertas${streams ? ', com o fluxo de notificações' : ''}`)

    const samples: Sample[] = []
    const send = async (user: VirtualUser, request: PlannedRequest, measured: () => boolean) => {
      // As a browser: what it may keep (Cache-Control: max-age) is not asked for again meanwhile.
      if (request.method === 'GET' && (user.cache.get(request.path) ?? 0) > Date.now()) return
      const node = nextNode()
      const startedAt = Date.now()
      const t0 = performance.now()
      let status: number | 'rede'
      try {
        const response = await fetch(`${node.base}${request.path}`, {
          method: request.method,
          headers: {
            cookie: user.cookie,
            origin: node.base,
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        })
        await response.arrayBuffer()
        status = response.status
        const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1]
        if (
          request.method === 'GET' &&
          status === 200 &&
          maxAge &&
          !/no-store/.test(response.headers.get('cache-control') ?? '')
        )
          user.cache.set(request.path, Date.now() + Number(maxAge) * 1000)
      } catch {
        status = 'rede'
      }
      const elapsed = performance.now() - t0
      if (measured())
        samples.push({ label: request.label, node: nodes.indexOf(node), status, ms: elapsed, startedAt })
    }

    const warmupEnd = Date.now() + warmupS * 1000
    const end = warmupEnd + durationS * 1000
    let marked = false
    const measuring = () => marked && Date.now() <= end
    const browse = async (user: VirtualUser, index: number) => {
      // Arrivals spread over the first think time, so the users are not in step.
      await sleep((index / users.length) * thinkMax)
      while (Date.now() < end) {
        const screen = pickScreen()
        await Promise.all(screen.requests(user.office).map((request) => send(user, request, measuring)))
        await sleep(thinkMin + Math.random() * (thinkMax - thinkMin))
      }
    }
    const signIns = async () => {
      if (signInsPerMinute <= 0) return
      while (Date.now() < end) {
        await sleep(60_000 / signInsPerMinute)
        const user = users[Math.floor(Math.random() * users.length)]!
        await send(
          user,
          {
            label: 'POST /api/auth/sign-in/email',
            method: 'POST',
            path: '/api/auth/sign-in/email',
            body: { email: user.email, password: LOAD_PASSWORD },
          },
          measuring,
        )
      }
    }
    const mark = () => {
      for (const node of nodes) node.child.kill('SIGUSR2')
    }
    const watcher = new pg.Client({ connectionString: database.url })
    await watcher.connect()
    const loadBefore = os.loadavg()[0]!
    const running = Promise.all([...users.map(browse), signIns()])
    await sleep(warmupS * 1000)
    mark()
    marked = true
    const postgresBefore = await backendCpuMs(watcher)
    const generatorBefore = process.cpuUsage()
    console.log(`  medindo ${durationS} s (aquecimento de ${warmupS} s feito)…`)
    await sleep(durationS * 1000)
    mark()
    const generator = process.cpuUsage(generatorBefore)
    const postgresAfter = await backendCpuMs(watcher)
    await watcher.end()
    let postgresMs = 0
    for (const [pid, after] of postgresAfter) postgresMs += after - (postgresBefore.get(pid) ?? 0)
    const loadDuring = os.loadavg()[0]!
    await running
    await sleep(300) // the probes write their files on the second mark
    const probes = nodes.map(
      (_, index) =>
        JSON.parse(fs.readFileSync(path.join(probeDir, `node-${index}.json`), 'utf8')) as ProbeReport,
    )
    for (const controller of openStreams) controller.abort()
    await Promise.all(nodes.map((node) => node.stop()))
    printLoadReport({
      samples,
      durationS,
      probes,
      errorLines: nodes.map((node) => node.errorLines()),
      streamEvents,
      cpu: { postgresMs, generatorMs: (generator.user + generator.system) / 1000 },
      context:
        `${users.length} usuários, ${officeCount} escritórios, 2 nós, pausa ${thinkMin}–${thinkMax} ms` +
        `${poolMax ? `, DATABASE_POOL_MAX=${poolMax}` : ''}${signInsPerMinute ? `, ${signInsPerMinute} entradas/min` : ''}`,
      load: `1 min: ${loadBefore.toFixed(2)} no início da medição, ${loadDuring.toFixed(2)} no fim (${loadAtStart} antes da preparação)`,
    })
    if (profileDir) console.log(`\nPerfis de CPU dos nós em ${path.resolve(profileDir)}`)
  } finally {
    for (const controller of openStreams) controller.abort()
    await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)))
    await database.drop().catch((error: unknown) => console.error('falha ao remover o banco', error))
    fs.rmSync(probeDir, { recursive: true, force: true })
  }
}
