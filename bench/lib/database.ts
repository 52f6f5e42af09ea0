import { randomBytes } from 'node:crypto'
import net from 'node:net'
import pg from 'pg'

/** The local server benchmarks try when no URL is configured. */
export const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres'

/** Whether something accepts TCP connections at the URL's host and port (500 ms to answer). */
export async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432), timeout: 500 })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })
}

/**
 * The PostgreSQL server to benchmark on: BENCH_DATABASE_URL or TEST_DATABASE_URL as given, else the local
 * default when it answers; undefined when there is none.
 */
export async function postgresUrl(): Promise<string | undefined> {
  const configured = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
  if (configured) return configured
  return (await reachable(DEFAULT_PG)) ? DEFAULT_PG : undefined
}

/**
 * Creates an empty database `<prefix>_<random hex>` on the server and returns its URL; `drop` removes it even
 * while connections (a server the bench started, a pool it forgot) are still open.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  // The name goes into the SQL as an identifier: nothing a caller passes may escape it.
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(prefix)) throw new Error(`prefixo de banco inválido: ${prefix}`)
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await onServer(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) }
}

/**
 * A database with a fixed name that outlives the run (a bench's `--keep`): created when missing; `recreate`
 * drops and creates it empty again (a half-finished or differently sized seed).
 */
export async function keptDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; recreate: () => Promise<void> }> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`nome de banco inválido: ${name}`)
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    recreate: async () => {
      const again = new pg.Client({ connectionString: serverUrl })
      await again.connect()
      try {
        await again.query(`drop database if exists ${name} with (force)`)
        await again.query(`create database ${name}`)
      } finally {
        await again.end()
      }
    },
  }
}
