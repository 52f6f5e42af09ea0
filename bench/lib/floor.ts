import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface Floor {
  base: string
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts bench/lib/floor-server.ts in its own process (as the app's server runs in its own), answering each
 * path with its captured statements. Resolves when it listens.
 */
export async function startFloor(
  databaseUrl: string,
  routes: Record<string, readonly { sql: string; params: unknown[] }[]>,
): Promise<Floor> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-floor-'))
  const routesFile = path.join(dir, 'routes.json')
  fs.writeFileSync(routesFile, JSON.stringify(routes))
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'floor-server.ts')],
    {
      env: {
        ...process.env,
        FLOOR_DATABASE_URL: databaseUrl,
        FLOOR_PORT: String(port),
        FLOOR_ROUTES: routesFile,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`o servidor piso saiu (código ${code})`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('floor ready')) resolve()
    })
  })
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
