import { z } from 'zod'
import { courtOf, parseCnj } from '../../lib/br/cnj'
import type { Andamento } from './publications.schema'

// DataJud's API Pública (CNJ): POST {DATAJUD_API_URL}/api_publica_{alias}/_search with
// `Authorization: APIKey {key}`. One index per court; the alias comes from the CNJ number's J.TR.

/**
 * The DataJud index of a CNJ number's court, or null when DataJud does not index it (the STF, the CNJ, the
 * councils, the Circunscrições Judiciárias Militares) or the number names no court.
 */
export function datajudAlias(numeroProcesso: string): string | null {
  const parts = parseCnj(numeroProcesso)
  const court = parts === null ? null : courtOf(parts)
  if (parts === null || court === null) return null
  const tr = Number(parts.tribunal)
  const uf = court.uf?.toLowerCase() ?? null
  switch (parts.segmento) {
    case '3':
      return 'stj'
    case '4':
      return tr >= 1 && tr <= 6 ? `trf${tr}` : null
    case '5':
      if (tr === 0) return 'tst'
      return tr >= 1 && tr <= 24 ? `trt${tr}` : null
    case '6':
      if (tr === 0) return 'tse'
      return uf === null ? null : `tre-${uf}`
    case '7':
      return tr === 0 ? 'stm' : null
    case '8':
      if (uf === null) return null
      return uf === 'df' ? 'tjdft' : `tj${uf}`
    case '9':
      return uf === null ? null : `tjm${uf}`
    default:
      // 1 (STF) and 2 (CNJ): not in DataJud.
      return null
  }
}

export class DatajudError extends Error {
  constructor(
    readonly reason: 'unauthorized' | 'unavailable' | 'bad_answer',
    readonly status: number | null,
  ) {
    super(`DataJud ${reason}${status === null ? '' : ` (${status})`}`)
    this.name = 'DatajudError'
  }
}

const complemento = z
  .object({
    codigo: z.unknown().optional(),
    nome: z.string().nullish(),
    descricao: z.string().nullish(),
    valor: z.unknown().optional(),
  })
  .loose()

const movimento = z
  .object({
    codigo: z.union([z.number(), z.string(), z.null()]).optional(),
    nome: z.string().nullish(),
    dataHora: z.string(),
    complementosTabelados: z.array(complemento).nullish(),
  })
  .loose()

const hit = z
  .object({
    _source: z
      .object({
        grau: z.string().nullish(),
        nivelSigilo: z.union([z.number(), z.string()]).nullish(),
        movimentos: z.array(z.unknown()).nullish(),
      })
      .loose(),
  })
  .loose()

const answer = z.object({ hits: z.object({ hits: z.array(z.unknown()) }).loose() }).loose()

export interface DatajudResult {
  /** Hits that may be shown (nivelSigilo 0); 0 = "processo não encontrado no DataJud". */
  hits: number
  movimentos: Andamento[]
  graus: string[]
}

function complementText(c: z.infer<typeof complemento>): string {
  const label = c.descricao?.trim()
  const value = c.nome?.trim() ?? (c.valor === undefined || c.valor === null ? '' : String(c.valor))
  if (label && value) return `${label.replace(/_/g, ' ')}: ${value}`
  return label ?? value
}

/**
 * One timeline from every shown hit (a process has one hit per grau): movements deduplicated by (grau,
 * código, nome, instant), newest first. Hits under secrecy (nivelSigilo > 0) are dropped whole.
 */
export function mergeHits(rawHits: readonly unknown[]): DatajudResult {
  const seen = new Set<string>()
  const movimentos: Andamento[] = []
  const graus = new Set<string>()
  let shown = 0
  for (const raw of rawHits) {
    const parsed = hit.safeParse(raw)
    if (!parsed.success) continue
    const source = parsed.data._source
    if (Number(source.nivelSigilo ?? 0) > 0) continue
    shown++
    const grau = source.grau?.trim() || '—'
    graus.add(grau)
    for (const entry of source.movimentos ?? []) {
      const m = movimento.safeParse(entry)
      if (!m.success) continue
      const at = Date.parse(m.data.dataHora)
      if (!Number.isFinite(at)) continue
      const codigo = m.data.codigo === null || m.data.codigo === undefined ? null : Number(m.data.codigo)
      const nome = m.data.nome?.trim() ?? ''
      const dataHora = new Date(at).toISOString()
      const key = `${grau}|${codigo}|${nome}|${dataHora}`
      if (seen.has(key)) continue
      seen.add(key)
      movimentos.push({
        codigo: Number.isFinite(codigo) ? codigo : null,
        nome,
        dataHora,
        grau,
        complementos: (m.data.complementosTabelados ?? []).map(complementText).filter((t) => t !== ''),
      })
    }
  }
  movimentos.sort((a, b) => (a.dataHora < b.dataHora ? 1 : a.dataHora > b.dataHora ? -1 : 0))
  return { hits: shown, movimentos, graus: [...graus].sort() }
}

export interface DatajudOptions {
  baseUrl: string
  apiKey: string
  timeoutMs: number
}

/**
 * One search. 401 (the public key was rotated) and 5xx/timeouts (504 after ~60 s) throw DatajudError; no
 * retry here: the user asked, and is told to try later.
 */
export async function searchDatajud(
  options: DatajudOptions,
  alias: string,
  numeroProcesso: string,
): Promise<DatajudResult> {
  let response: Response
  try {
    response = await fetch(`${options.baseUrl}/api_publica_${alias}/_search`, {
      method: 'POST',
      headers: {
        authorization: `APIKey ${options.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ query: { match: { numeroProcesso } }, size: 10 }),
      signal: AbortSignal.timeout(options.timeoutMs),
    })
  } catch {
    throw new DatajudError('unavailable', null)
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel()
    throw new DatajudError('unauthorized', response.status)
  }
  if (response.status === 404) {
    // An index that does not exist: the court is not (or no longer) covered; treated as nothing found.
    await response.body?.cancel()
    return { hits: 0, movimentos: [], graus: [] }
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new DatajudError('unavailable', response.status)
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new DatajudError('bad_answer', response.status)
  }
  const parsed = answer.safeParse(body)
  if (!parsed.success) throw new DatajudError('bad_answer', response.status)
  return mergeHits(parsed.data.hits.hits)
}
