import { z } from 'zod'
import { isIsoDate } from '../../lib/br/dates'
import type { PublicationLawyer, PublicationRecipient } from './publications.schema'

// The DJEN's Comunica API (issue 27): GET {DJEN_API_URL}/api/v1/comunicacao, public, no authentication.
// Known behaviour handled here: a page size above 50 may silently answer an empty `items`, so pages are 50
// and read until `count` items are held (an empty page before that is retried, then the query FAILS rather
// than stop short); 429 honours Retry-After (60 s when absent); bursts of 5xx are retried with back-off;
// requests are spaced by DJEN_MIN_INTERVAL_MS (≥ 500 ms in production).

export const DJEN_PAGE_SIZE = 50
const EMPTY_PAGE_RETRIES = 2
const RATE_LIMIT_RETRIES = 5
const SERVER_ERROR_RETRIES = 4
const DEFAULT_RETRY_AFTER_S = 60
/** A Retry-After beyond this is not waited for inside a run: the run fails and is retried later. */
const MAX_RETRY_AFTER_S = 300

/** A DJEN communication, as the API sends it (only the fields we keep; the rest is ignored). */
export interface DjenItem {
  id: number
  hash: string
  dataDisponibilizacao: string
  siglaTribunal: string
  tipoComunicacao: string | null
  tipoDocumento: string | null
  nomeOrgao: string | null
  texto: string
  numeroProcesso: string | null
  numeroMascara: string | null
  codigoClasse: string | null
  link: string | null
  ativo: boolean
  motivoCancelamento: string | null
  destinatarios: PublicationRecipient[]
  advogados: PublicationLawyer[]
}

/** Why a query failed, in words a user reads ('falhou — …'). */
export class DjenError extends Error {
  constructor(
    readonly reason: 'empty_page' | 'rate_limited' | 'server_error' | 'network' | 'bad_answer',
    message: string,
  ) {
    super(message)
    this.name = 'DjenError'
  }
}

export const DJEN_ERROR_MESSAGES = {
  empty_page: 'o DJEN devolveu uma página vazia antes do total informado',
  rate_limited: 'o DJEN limitou as consultas (429)',
  server_error: 'o DJEN respondeu com erro',
  network: 'o DJEN não respondeu',
  bad_answer: 'o DJEN devolveu uma resposta inválida',
} as const

const text = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()))

const rawItem = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]).transform(Number),
  hash: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
  data_disponibilizacao: z.string().transform((v) => v.slice(0, 10)),
  siglaTribunal: z.string().trim().min(1).max(30),
  tipoComunicacao: text,
  tipoDocumento: text,
  nomeOrgao: text,
  texto: text,
  numero_processo: text,
  numeroprocessocommascara: text,
  codigoClasse: text,
  link: text,
  ativo: z.union([z.boolean(), z.null(), z.undefined()]).transform((v) => v !== false),
  motivo_cancelamento: text,
  destinatarios: z
    .array(z.object({ nome: text, polo: text }).loose())
    .nullish()
    .transform((list) => (list ?? []).map((d) => ({ nome: d.nome ?? '', polo: d.polo }))),
  destinatarioadvogados: z
    .array(
      z
        .object({ advogado: z.object({ nome: text, numero_oab: text, uf_oab: text }).loose().nullish() })
        .loose(),
    )
    .nullish()
    .transform((list) =>
      (list ?? []).flatMap((d) =>
        d.advogado
          ? [
              {
                nome: d.advogado.nome ?? '',
                numeroOab: d.advogado.numero_oab ?? '',
                ufOab: (d.advogado.uf_oab ?? '').toUpperCase(),
              },
            ]
          : [],
      ),
    ),
})

const page = z.object({
  count: z.coerce.number().int().min(0),
  items: z.array(z.unknown()).nullish(),
})

/** One item of an answer, or null when it cannot be stored (no id, no hash, no date). */
export function parseDjenItem(raw: unknown): DjenItem | null {
  const parsed = rawItem.safeParse(raw)
  if (!parsed.success || !isIsoDate(parsed.data.data_disponibilizacao)) return null
  const d = parsed.data
  const digits = d.numero_processo?.replace(/\D/g, '') ?? ''
  return {
    id: d.id,
    hash: d.hash,
    dataDisponibilizacao: d.data_disponibilizacao,
    siglaTribunal: d.siglaTribunal.toUpperCase(),
    tipoComunicacao: d.tipoComunicacao,
    tipoDocumento: d.tipoDocumento,
    nomeOrgao: d.nomeOrgao,
    texto: d.texto ?? '',
    numeroProcesso: digits.length === 20 ? digits : null,
    numeroMascara: d.numeroprocessocommascara,
    codigoClasse: d.codigoClasse,
    link: d.link,
    ativo: d.ativo && d.motivo_cancelamento === null,
    motivoCancelamento: d.motivo_cancelamento,
    destinatarios: d.destinatarios,
    advogados: d.destinatarioadvogados,
  }
}

/** '123456A', '0123456', '123.456' → '123456': the plain number a suffixed registration belongs to. */
export function plainOabNumber(value: string): string {
  return value.replace(/[^0-9]/g, '').replace(/^0+/, '')
}

export interface DjenQuery {
  numeroOab?: string
  ufOab?: string
  numeroProcesso?: string
  /** 'YYYY-MM-DD', inclusive. */
  from: string
  to: string
}

export interface DjenClientOptions {
  baseUrl: string
  minIntervalMs: number
  timeoutMs: number
  retryBaseMs: number
  /** Counts each HTTP request (the bench reports it). */
  onRequest?: () => void
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Retry-After in seconds (a number, or an HTTP date), or the default. */
function retryAfterSeconds(header: string | null): number {
  if (header === null || header.trim() === '') return DEFAULT_RETRY_AFTER_S
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds
  const at = Date.parse(header)
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : DEFAULT_RETRY_AFTER_S
}

export type DjenClient = ReturnType<typeof createDjenClient>

/** One client per capture run: it spaces its own requests. */
export function createDjenClient(options: DjenClientOptions) {
  const sleep = options.sleep ?? defaultSleep
  let nextAllowedAt = 0

  async function spaced<T>(call: () => Promise<T>): Promise<T> {
    const wait = nextAllowedAt - Date.now()
    if (wait > 0) await sleep(wait)
    try {
      return await call()
    } finally {
      nextAllowedAt = Date.now() + options.minIntervalMs
    }
  }

  /** GET with the DJEN's failure modes handled: returns the parsed JSON of a 2xx. */
  async function getJson(url: string): Promise<unknown> {
    let limited = 0
    let failed = 0
    for (;;) {
      let response: Response
      try {
        response = await spaced(() => {
          options.onRequest?.()
          return fetch(url, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(options.timeoutMs),
          })
        })
      } catch {
        if (++failed > SERVER_ERROR_RETRIES) throw new DjenError('network', DJEN_ERROR_MESSAGES.network)
        await sleep(options.retryBaseMs * 2 ** (failed - 1))
        continue
      }
      if (response.status === 429) {
        await response.body?.cancel()
        const seconds = retryAfterSeconds(response.headers.get('retry-after'))
        if (++limited > RATE_LIMIT_RETRIES || seconds > MAX_RETRY_AFTER_S)
          throw new DjenError('rate_limited', DJEN_ERROR_MESSAGES.rate_limited)
        await sleep(seconds * 1000)
        continue
      }
      if (response.status >= 500) {
        await response.body?.cancel()
        if (++failed > SERVER_ERROR_RETRIES)
          throw new DjenError('server_error', `${DJEN_ERROR_MESSAGES.server_error} (${response.status})`)
        await sleep(options.retryBaseMs * 2 ** (failed - 1))
        continue
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw new DjenError('bad_answer', `${DJEN_ERROR_MESSAGES.bad_answer} (${response.status})`)
      }
      try {
        return await response.json()
      } catch {
        throw new DjenError('bad_answer', DJEN_ERROR_MESSAGES.bad_answer)
      }
    }
  }

  function pageUrl(query: DjenQuery, pagina: number): string {
    const params = new URLSearchParams()
    if (query.numeroOab) params.set('numeroOab', query.numeroOab)
    if (query.ufOab) params.set('ufOab', query.ufOab)
    if (query.numeroProcesso) params.set('numeroProcesso', query.numeroProcesso)
    params.set('dataDisponibilizacaoInicio', query.from)
    params.set('dataDisponibilizacaoFim', query.to)
    params.set('pagina', String(pagina))
    params.set('itensPorPagina', String(DJEN_PAGE_SIZE))
    return `${options.baseUrl}/api/v1/comunicacao?${params.toString()}`
  }

  /**
   * Every page of a query, in order. Reads until it holds `count` items; an empty page before that is asked
   * again (twice), then the query fails: stopping short would lose communications silently.
   */
  async function* pages(
    query: DjenQuery,
  ): AsyncGenerator<{ items: DjenItem[]; invalid: number; count: number }> {
    let held = 0
    let count = Number.POSITIVE_INFINITY
    for (let pagina = 1; held < count; pagina++) {
      let answer: z.infer<typeof page> | null = null
      for (let attempt = 0; attempt <= EMPTY_PAGE_RETRIES; attempt++) {
        const parsed = page.safeParse(await getJson(pageUrl(query, pagina)))
        if (!parsed.success) throw new DjenError('bad_answer', DJEN_ERROR_MESSAGES.bad_answer)
        answer = parsed.data
        const size = answer.items?.length ?? 0
        // The first page tells the total; an empty answer is final only when nothing (more) is due.
        if (size > 0 || held >= answer.count) break
      }
      if (answer === null) break
      count = answer.count
      const raw = answer.items ?? []
      if (raw.length === 0) {
        if (held >= count) break
        throw new DjenError('empty_page', DJEN_ERROR_MESSAGES.empty_page)
      }
      held += raw.length
      const items: DjenItem[] = []
      for (const entry of raw) {
        const item = parseDjenItem(entry)
        if (item) items.push(item)
      }
      yield { items, invalid: raw.length - items.length, count }
      // A server that keeps sending more than it announced must not keep us paging forever.
      if (pagina > Math.ceil(count / DJEN_PAGE_SIZE) + 2) break
    }
  }

  /** The certidão's request (the caller streams the answer to the user). */
  async function certidao(hash: string): Promise<Response> {
    return spaced(() => {
      options.onRequest?.()
      return fetch(`${options.baseUrl}/api/v1/comunicacao/${encodeURIComponent(hash)}/certidao`, {
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    })
  }

  return { pages, certidao }
}
