import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// Starts the real server entry (through tsx, as `npm run dev` does) to prove the start-up contract of issue 2:
// a bad environment, a busy port or a second server on one DATA_DIR stop with one clear line and exit 78
// (EX_CONFIG: the configuration is wrong, so `npm start`'s supervisor does not retry; see supervisor.test.ts).

const CONFIG_ERROR_EXIT = 78

const entry = path.resolve('src/server/index.server.ts')
const running: ChildProcess[] = []

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (!output.includes('pronto em')) return
      clearInterval(timer)
      resolve()
    }, 100)
    void exited.then(() => {
      clearInterval(timer)
      reject(new Error(output))
    })
  })
  ready.catch(() => {}) // only the tests that wait for readiness care about this rejection
  return { child, exited, ready, output: () => output }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jc-start-'))

afterAll(() => running.forEach((child) => child.kill('SIGKILL')))

describe('server start-up', () => {
  it('refuses a bad environment value, naming the variable', async () => {
    const run = start({ PORT: 'abc', DATA_DIR: tempDir() })
    expect(await run.exited).toBe(CONFIG_ERROR_EXIT)
    expect(run.output()).toMatch(/Variável de ambiente inválida PORT="abc"/)
  }, 30_000)

  it('refuses DATABASE_URL without BETTER_AUTH_SECRET before touching anything', async () => {
    const dataDir = path.join(tempDir(), 'data')
    const run = start({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
      BETTER_AUTH_SECRET: '',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
    })
    expect(await run.exited).toBe(CONFIG_ERROR_EXIT)
    const lines = run.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Erro ao iniciar o JusConecta: defina BETTER_AUTH_SECRET .*DATABASE_URL/)
    expect(fs.existsSync(dataDir)).toBe(false)
  }, 30_000)

  it('refuses a second server on the same DATA_DIR and a busy port, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir()
    const port = await freePort()
    const first = start({ PORT: String(port), DATA_DIR: dataDir })
    await first.ready
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'pglite' })

    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir })
    expect(await second.exited).toBe(CONFIG_ERROR_EXIT)
    expect(second.output()).toMatch(/já está usando .*DATA_DIR already in use/)

    const third = start({ PORT: String(port), DATA_DIR: tempDir() })
    expect(await third.exited).toBe(CONFIG_ERROR_EXIT)
    expect(third.output()).toContain(`a porta ${port} já está em uso`)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
  }, 60_000)
})

describe('runtime guard', () => {
  // An older system node (simulated: process.versions is configurable) running the start script by hand.
  const asNode20 = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})`

  it('stops `node scripts/start.mjs` on a Node older than 24 at once, with one line naming npm start', async () => {
    const child = spawn(process.execPath, ['--import', asNode20, path.resolve('scripts/start.mjs')], {
      env: { ...process.env, DATA_DIR: tempDir(), JC_DIST_DIR: 'dist-never-built' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    running.push(child)
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    const lines = output.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /precisa do Node\.js 24, mas este é o 20\.20\.2: use `npm start`.*needs Node\.js 24/,
    )
    expect(fs.existsSync(path.resolve('dist-never-built'))).toBe(false)
  }, 30_000)

  it('lets the project runtime through', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24)
  })
})
