import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './bench'

/** The secret every node of a bench shares (DATABASE_URL requires one, and nodes must agree on it). */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123'

export interface NodeOptions {
  port: number
  databaseUrl: string
  /** DATA_DIR (server.lock, outbox); a fresh temp folder when absent. A restart passes the same one. */
  dataDir?: string
  /** `<dir>/server/index.js` of a build (`--dist=`); the sources through tsx when absent. */
  distDir?: string | undefined
  /** Node options before the entry (e.g. `--import <probe>`, `--cpu-prof`). */
  nodeArgs?: string[]
  env?: Record<string, string>
  timeoutMs?: number
}

export interface ServerNode {
  child: ChildProcess
  pid: number
  port: number
  base: string
  dataDir: string
  /** ms from spawn to the first 200 of /api/health. */
  startMs: number
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Everything the process wrote (stdout and stderr). */
  output(): string
  /** Its JSON log lines at level error (the server logs errors only as JSON lines on stderr). */
  errorLines(): string[]
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>
}

/**
 * Starts one server process (src/server/index.server.ts through tsx, or a build's dist/server/index.js) on
 * PostgreSQL on 127.0.0.1:`port` and waits until /api/health answers 200.
 */
export async function startNode(options: NodeOptions): Promise<ServerNode> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-node-'))
  const base = `http://127.0.0.1:${options.port}`
  const entry = options.distDir
    ? [path.resolve(options.distDir, 'server/index.js')]
    : ['--import', 'tsx', path.join(ROOT, 'src/server/index.server.ts')]
  const started = performance.now()
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: base,
      LOG_LEVEL: 'error',
      BETTER_AUTH_SECRET: BENCH_SECRET,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let done = false
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true
      resolve({ code, signal })
    }),
  )
  const node: ServerNode = {
    child,
    pid: child.pid!,
    port: options.port,
    base,
    dataDir,
    startMs: 0,
    exited,
    output: () => output,
    errorLines: () =>
      output.split('\n').filter((line) => line.startsWith('{') && line.includes('"level":"error"')),
    stop: async () => {
      if (!done) child.kill('SIGTERM')
      await exited
    },
  }
  const deadline = started + (options.timeoutMs ?? 180_000)
  for (;;) {
    if (done) throw new Error(`o servidor terminou antes de ficar pronto:\n${output}`)
    if (performance.now() > deadline) {
      await node.stop()
      throw new Error(`o servidor não ficou pronto a tempo:\n${output}`)
    }
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (healthy) break
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  node.startMs = performance.now() - started
  return node
}

/** The 1-minute load average now, and the machine's core count (figures are reported beside it). */
export function loadAverage(): string {
  const [one, five] = os.loadavg()
  return `${one!.toFixed(2)} (5 min ${five!.toFixed(2)}, ${os.cpus().length} núcleos)`
}

/** The Cookie header a browser would send back after this response. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}
