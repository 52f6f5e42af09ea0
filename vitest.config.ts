import net from 'node:net'
import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** DESIGN §1: API tests also run on PostgreSQL when TEST_DATABASE_URL is set or a server answers locally. */
async function findPostgres(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  if (process.env.TEST_DATABASE_URL === '') return undefined
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432, timeout: 500 })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })
  return reachable ? DEFAULT_PG_URL : undefined
}

// Tests that need a database are named *.routes.test.ts or *.db.test.ts; they run once per database.
const DB_TESTS = ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts']
// The database tests that replace a module's function (vi.mock/spyOn/fn) or change process.env: each runs in a
// fresh module graph. Every other database test shares its worker's modules with the files before it (isolate:
// false): importing the whole app once per worker instead of once per file halves the suite's time, and is safe
// because our module state is keyed by database, auth or storage (WeakMaps), never global to the process.
const ISOLATED_DB_TESTS = [
  'src/server/crash-policy.db.test.ts',
  'src/platform/jobs.db.test.ts',
  'src/platform/errors.routes.test.ts',
  'src/features/auth/auth-hostile-bodies.routes.test.ts',
  'src/features/financial/financial.routes.test.ts',
  'src/features/privacy/privacy.files.routes.test.ts',
  'src/features/platform-backup/platform-backup.routes.test.ts',
]

export default defineConfig(async () => {
  const postgresUrl = await findPostgres()
  const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) }
  const dbProjects = (name: string, env: Record<string, string>) => [
    {
      resolve: { alias },
      test: {
        name,
        include: DB_TESTS,
        exclude: ISOLATED_DB_TESTS,
        isolate: false,
        env,
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    },
    {
      resolve: { alias },
      test: {
        name: `${name}:isolated`,
        include: ISOLATED_DB_TESTS,
        env,
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    },
  ]
  return {
    test: {
      // 2 cores: one worker per core keeps PGlite start-ups from starving each other.
      maxWorkers: 2,
      projects: [
        { resolve: { alias }, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: DB_TESTS } },
        // Components in a simulated DOM (Testing Library + user-event). globals: Testing Library unmounts
        // after each test only when it finds a global afterEach; the tests still import from 'vitest'.
        {
          resolve: { alias },
          test: {
            name: 'components',
            include: ['src/**/*.component.test.tsx'],
            environment: 'happy-dom',
            globals: true,
          },
        },
        ...dbProjects('api:pglite', { TEST_DATABASE_URL: '' }),
        ...(postgresUrl ? dbProjects('api:postgres', { TEST_DATABASE_URL: postgresUrl }) : []),
      ],
    },
  }
})
