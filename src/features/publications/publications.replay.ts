import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  caseItems,
  CASE_NUMBER,
  DATAJUD_REPLAY_KEY,
  DATAJUD_TIMEOUT,
  datajudHits,
  OAB_BROKEN_PAGES,
  OAB_BULK,
  OAB_PAGED,
  OAB_RATE_LIMITED,
  OAB_SERVER_ERRORS,
  pagedItems,
  bulkItem,
  simpleItems,
} from './publications.fixtures'

// A local server speaking the DJEN's Comunica API and DataJud's API Pública from fixtures
// (publications.fixtures.ts), for the API tests, the e2e spec and the bench. Started on 127.0.0.1 on a free
// port by the tests; standalone: `node --import tsx src/features/publications/publications.replay.ts --port N`.
// It reproduces the documented behaviours: 50 items per page at most (a larger page size answers an empty
// `items`), an empty page once, a suffixed OAB, a later cancellation, hostile HTML, 429 with Retry-After, a
// burst of 500s, a case in two graus, a sigiloso hit, 401 for a wrong key and 504.

export interface ReplayRequest {
  method: string
  path: string
  query: Record<string, string>
}

export interface ReplayOptions {
  port?: number
  /** The DataJud key it accepts (401 otherwise). */
  datajudKey?: string
  /** Items of OAB_BULK (the bench): 10 000 by default. */
  bulkCount?: number
  /** How long the 504 number waits before answering (DataJud answers after ~60 s; tests wait little). */
  timeoutDelayMs?: number
}

export interface ReplayServer {
  url: string
  port: number
  requests: ReplayRequest[]
  /** From now on CANCELLED_ID comes back cancelled (the later window). */
  cancel(): void
  /** The DataJud key accepted from now on (a rotated key: ours is refused with 401). */
  setDatajudKey(value: string): void
  /** Forget the requests seen and the one-time behaviours (empty page, 429, 500s) so they happen again. */
  reset(): void
  close(): Promise<void>
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
)

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(text)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startReplayServer(options: ReplayOptions = {}): Promise<ReplayServer> {
  let key = options.datajudKey ?? DATAJUD_REPLAY_KEY
  const bulkCount = options.bulkCount ?? 10_000
  const requests: ReplayRequest[] = []
  let served = 0
  let cancelled = false
  let seen = new Map<string, number>()
  const hit = (name: string) => {
    const n = (seen.get(name) ?? 0) + 1
    seen.set(name, n)
    return n
  }

  function communications(query: Record<string, string>): {
    all?: Record<string, unknown>[]
    status?: number
  } {
    const oab = `${query.numeroOab ?? ''}/${(query.ufOab ?? '').toUpperCase()}`
    if (query.numeroProcesso) return { all: query.numeroProcesso === CASE_NUMBER ? caseItems() : [] }
    switch (oab) {
      case `${OAB_PAGED.numero}/${OAB_PAGED.uf}`:
        return { all: pagedItems(cancelled) }
      case `${OAB_RATE_LIMITED.numero}/${OAB_RATE_LIMITED.uf}`:
        return hit('429') === 1 ? { status: 429 } : { all: simpleItems(OAB_RATE_LIMITED, 700_000, 3) }
      case `${OAB_SERVER_ERRORS.numero}/${OAB_SERVER_ERRORS.uf}`:
        return hit('500') <= 3 ? { status: 500 } : { all: simpleItems(OAB_SERVER_ERRORS, 710_000, 4) }
      case `${OAB_BROKEN_PAGES.numero}/${OAB_BROKEN_PAGES.uf}`:
        return { all: simpleItems(OAB_BROKEN_PAGES, 720_000, 60) }
      default:
        return { all: [] }
    }
  }

  function djen(res: ServerResponse, query: Record<string, string>) {
    const pagina = Math.max(1, Number(query.pagina ?? '1') || 1)
    const size = Number(query.itensPorPagina ?? '100') || 100
    const isBulk = query.numeroOab === OAB_BULK.numero && (query.ufOab ?? '').toUpperCase() === OAB_BULK.uf
    if (isBulk) {
      const start = (pagina - 1) * Math.min(size, 50)
      const items =
        size > 50
          ? []
          : Array.from({ length: Math.max(0, Math.min(size, bulkCount - start)) }, (_, i) =>
              bulkItem(start + i),
            )
      return send(res, 200, { status: 'success', message: 'Sucesso', count: bulkCount, items })
    }
    const { all, status } = communications(query)
    if (status === 429) return send(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '1' })
    if (status !== undefined) return send(res, status, { message: 'Erro interno' })
    const list = all ?? []
    // The documented quirk: a page size above 50 silently answers no items.
    if (size > 50)
      return send(res, 200, { status: 'success', message: 'Sucesso', count: list.length, items: [] })
    // Page 2 of the paged lawyer comes back empty once; the broken lawyer's page 2 always.
    const oab = `${query.numeroOab ?? ''}/${(query.ufOab ?? '').toUpperCase()}`
    const emptyOnce = oab === `${OAB_PAGED.numero}/${OAB_PAGED.uf}` && pagina === 2 && hit('empty') === 1
    const emptyAlways = oab === `${OAB_BROKEN_PAGES.numero}/${OAB_BROKEN_PAGES.uf}` && pagina === 2
    const from = query.dataDisponibilizacaoInicio ?? '0000-00-00'
    const to = query.dataDisponibilizacaoFim ?? '9999-99-99'
    const inWindow = list.filter((item) => {
      const date = String(item.data_disponibilizacao)
      return date >= from && date <= to
    })
    const items = emptyOnce || emptyAlways ? [] : inWindow.slice((pagina - 1) * size, pagina * size)
    return send(res, 200, { status: 'success', message: 'Sucesso', count: inWindow.length, items })
  }

  async function datajud(req: IncomingMessage, res: ServerResponse, alias: string) {
    const body = await readBody(req)
    if (req.headers.authorization !== `APIKey ${key}`)
      return send(res, 401, { error: 'unauthorized', message: 'API key inválida' })
    let numero = ''
    try {
      numero = String(
        (JSON.parse(body) as { query?: { match?: { numeroProcesso?: unknown } } }).query?.match
          ?.numeroProcesso ?? '',
      )
    } catch {
      return send(res, 400, { error: 'bad request' })
    }
    if (numero === DATAJUD_TIMEOUT) {
      await new Promise((resolve) => setTimeout(resolve, options.timeoutDelayMs ?? 50))
      return send(res, 504, { message: 'Gateway Time-out' })
    }
    const hits = datajudHits(numero)
    return send(res, 200, {
      took: 3,
      timed_out: false,
      hits: {
        total: { value: hits.length, relation: 'eq' },
        max_score: 1,
        hits: hits.map((h) => ({ _index: `api_publica_${alias}`, _id: numero, _score: 1, ...h })),
      },
    })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    // The bench's counter (the replay runs in its own process there).
    if (url.pathname === '/__replay/stats') return send(res, 200, { requests: served })
    served++
    const query = Object.fromEntries(url.searchParams.entries())
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query })
    // The log keeps the last 5 000 requests (the bench sends hundreds).
    if (requests.length > 5_000) requests.splice(0, requests.length - 5_000)
    const certidao = /^\/api\/v1\/comunicacao\/([A-Za-z0-9_-]+)\/certidao$/.exec(url.pathname)
    const search = /^\/api_publica_([a-z0-9-]+)\/_search$/.exec(url.pathname)
    if (req.method === 'GET' && url.pathname === '/api/v1/comunicacao') return djen(res, query)
    if (req.method === 'GET' && certidao) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(PDF.length) })
      return res.end(PDF)
    }
    if (req.method === 'POST' && search?.[1]) {
      datajud(req, res, search[1]).catch(() => send(res, 500, { error: 'replay' }))
      return
    }
    send(res, 404, { message: 'not found' })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    cancel() {
      cancelled = true
    },
    setDatajudKey(value) {
      key = value
    },
    reset() {
      requests.length = 0
      served = 0
      seen = new Map()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// Standalone: `node --import tsx src/features/publications/publications.replay.ts --port 4010 [--key K]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(name)
    return index >= 0 ? process.argv[index + 1] : undefined
  }
  const replay = await startReplayServer({
    port: Number(arg('--port') ?? '4010'),
    ...(arg('--key') ? { datajudKey: arg('--key') } : {}),
    ...(arg('--bulk') ? { bulkCount: Number(arg('--bulk')) } : {}),
  })
  process.stdout.write(`replay listening on ${replay.url}\n`)
  const stop = () => void replay.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
