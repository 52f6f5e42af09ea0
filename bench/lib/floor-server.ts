// The floor of the clients benchmark (issue 21): the least a Node.js server can do to answer the same URLs
// with the same rows — a plain node:http server and one pg pool with the app's settings (max 10), running
// the very statements the service sends (captured at the driver) in parallel, as the service does, and
// writing the page's rows and the count as JSON. No framework, no session, no validation, no mapping.
// API − floor is then what the application itself costs per request; what Node, pg and the HTTP hop cost
// is in both and cancels out. Started by bench/clients.ts as a child process:
//   FLOOR_DATABASE_URL=… FLOOR_PORT=… FLOOR_ROUTES=<json file: { "/api/clients?limit=50": [{ sql, params }] }>
import fs from 'node:fs'
import http from 'node:http'
import pg from 'pg'

type Routes = Record<string, { sql: string; params: unknown[] }[]>

const routes = JSON.parse(fs.readFileSync(process.env.FLOOR_ROUTES ?? '', 'utf8')) as Routes
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 })
pool.on('error', () => {})

const server = http.createServer((req, res) => {
  const queries = routes[req.url ?? '']
  if (!queries) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
    return
  }
  Promise.all(queries.map((q) => pool.query(q.sql, q.params))).then(
    ([page, count]) => {
      const body = JSON.stringify({ items: page?.rows ?? [], total: count?.rows[0] ?? null })
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      res.end(body)
    },
    () => res.writeHead(500).end(),
  )
})

server.listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () => process.stdout.write('floor ready\n'))
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
