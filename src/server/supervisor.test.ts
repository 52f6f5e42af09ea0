import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// `npm start` (scripts/start.mjs) runs the server as a child and restarts it when it dies unexpectedly
// (issue 24). A build takes minutes, so the supervisor is pointed (JC_SERVER_ENTRY) at a stand-in server that
// behaves like the real one where it matters: it listens on PORT, answers with its PID, stops with exit 0 on
// SIGTERM, stops when the supervisor's IPC channel closes, and exits 78 (EX_CONFIG) when told its
// configuration is bad. start.test.ts holds the real server to those exit codes.

const START = path.resolve('scripts/start.mjs')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-supervisor-'))
const STAND_IN = path.join(work, 'stand-in-server.mjs')
fs.writeFileSync(
  STAND_IN,
  `import fs from 'node:fs'
import http from 'node:http'
if (process.env.STARTS_FILE) fs.appendFileSync(process.env.STARTS_FILE, process.pid + '\\n')
if (process.env.STAND_IN_EXIT) process.exit(Number(process.env.STAND_IN_EXIT))
const server = http.createServer((request, response) => response.end(String(process.pid)))
server.listen(Number(process.env.PORT), '127.0.0.1')
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('disconnect', stop)
`,
)

const running: ChildProcess[] = []
const strays: number[] = []
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  for (const pid of strays) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  fs.rmSync(work, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function supervise(env: Record<string, string>) {
  const child = spawn(process.execPath, [START], {
    env: { ...process.env, JC_SERVER_ENTRY: STAND_IN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let stderr = ''
  child.stdout.resume()
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const errorLines = () =>
    stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { child, exited, errorLines, stderr: () => stderr }
}

/** The PID of the stand-in answering on the port, once it answers (and, if given, is not `other`). */
async function serverPid(port: number, other?: number): Promise<number> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const pid = await fetch(`http://127.0.0.1:${port}/`).then(
      async (response) => Number(await response.text()),
      () => undefined,
    )
    if (pid !== undefined && pid !== other) return pid
    if (Date.now() > deadline) throw new Error(`nothing new answered on ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('npm start supervisor', () => {
  it('restarts a server killed with SIGKILL, logging one line each time with a growing delay', async () => {
    const port = await freePort()
    const run = supervise({ PORT: String(port) })
    const first = await serverPid(port)
    strays.push(first)

    process.kill(first, 'SIGKILL')
    const second = await serverPid(port, first)
    strays.push(second)
    expect(run.errorLines()).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'o servidor parou inesperadamente (sinal SIGKILL); reiniciando',
        pid: first,
        signal: 'SIGKILL',
        restartInMs: 1000,
        restarts: 1,
      }),
    ])

    // A second crash soon after waits twice as long.
    process.kill(second, 'SIGKILL')
    const third = await serverPid(port, second)
    strays.push(third)
    expect(run.errorLines()[1]).toMatchObject({
      pid: second,
      signal: 'SIGKILL',
      restartInMs: 2000,
      restarts: 2,
    })

    // SIGTERM reaches the server, which stops cleanly; the supervisor ends with its code and starts nothing.
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    expect(alive(third)).toBe(false)
    expect(run.errorLines()).toHaveLength(2)
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow()
  }, 60_000)

  it('restarts a server that exits with an error code', async () => {
    const port = await freePort()
    const marker = path.join(work, 'crash-once')
    // Exits 1 on its first start only (the marker is written by that start), then serves.
    const crashOnce = path.join(work, 'crash-once.mjs')
    fs.writeFileSync(
      crashOnce,
      `import fs from 'node:fs'
if (!fs.existsSync(${JSON.stringify(marker)})) { fs.writeFileSync(${JSON.stringify(marker)}, ''); process.exit(1) }
await import(${JSON.stringify(STAND_IN)})
`,
    )
    const run = supervise({ PORT: String(port), JC_SERVER_ENTRY: crashOnce })
    strays.push(await serverPid(port))
    expect(run.errorLines()).toEqual([
      expect.objectContaining({
        message: 'o servidor parou inesperadamente (código 1); reiniciando',
        code: 1,
        restartInMs: 1000,
      }),
    ])
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  }, 30_000)

  it('does not restart a start stopped by its configuration (exit 78), and ends with that code', async () => {
    const starts = path.join(work, 'config-starts')
    const run = supervise({ PORT: String(await freePort()), STAND_IN_EXIT: '78', STARTS_FILE: starts })
    expect(await run.exited).toBe(78)
    // Long enough for a restart (1 s) to have happened if it were going to.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(fs.readFileSync(starts, 'utf8').trim().split('\n')).toHaveLength(1)
    expect(run.errorLines()).toEqual([])
  }, 30_000)

  it('takes the server down with it when the supervisor itself is killed', async () => {
    const port = await freePort()
    const run = supervise({ PORT: String(port) })
    const pid = await serverPid(port)
    strays.push(pid)
    run.child.kill('SIGKILL')
    await waitFor(() => !alive(pid), 'the orphaned server to stop')
  }, 30_000)
})
