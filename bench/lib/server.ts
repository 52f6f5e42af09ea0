import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { ROOT } from './bench'

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  /** `node scripts/start.mjs`: the supervisor (issue 24), which runs the server as its child. */
  child: ChildProcess
  /** The server's own process (the supervisor's child): what RSS and CPU readings are about. */
  pid: number
  port: number
  url: string
  /** ms from spawn to the first 200 of /api/health. */
  startToHealthy: number
  /** Whether `npm start` rebuilt first (sources newer than the build), which makes the timing meaningless. */
  rebuilt: boolean
  output: () => string
  stop: () => Promise<void>
}

export interface StartOptions {
  distDir: string
  dataDir: string
  env?: Record<string, string>
  timeoutMs?: number
}

/** Starts `node scripts/start.mjs` (what `npm start` runs) and waits until /api/health answers 200. */
export async function startServer({
  distDir,
  dataDir,
  env = {},
  timeoutMs = 120_000,
}: StartOptions): Promise<RunningServer> {
  fs.mkdirSync(dataDir, { recursive: true })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      JC_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      resolve()
    }),
  )

  const stop = async () => {
    if (!exited) child.kill('SIGTERM')
    await exit
  }

  for (;;) {
    if (exited) throw new Error(`o servidor terminou antes de ficar pronto:\n${output}`)
    if (performance.now() - started > timeoutMs) {
      await stop()
      throw new Error(`o servidor não ficou pronto em ${timeoutMs} ms:\n${output}`)
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (healthy) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    child,
    pid: serverPid(child.pid!),
    port,
    url,
    startToHealthy: performance.now() - started,
    rebuilt: /compilando/i.test(output),
    output: () => output,
    stop,
  }
}

/** The server started by the `npm start` supervisor `pid` (its only child; Linux /proc). */
function serverPid(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)
  const child = Number(children[0])
  if (!Number.isInteger(child) || child <= 0) throw new Error(`o supervisor ${pid} não tem processo filho`)
  return child
}

/** Resident set size of a process, in bytes (Linux /proc). */
export function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  if (!kb) throw new Error(`sem VmRSS para o processo ${pid}`)
  return Number(kb) * 1024
}
