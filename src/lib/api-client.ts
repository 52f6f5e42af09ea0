import { hc } from 'hono/client'
// A type-only import: erased at build time, so no server code reaches the browser bundle.
// eslint-disable-next-line import/no-restricted-paths
import type { AppType } from '../server/app.server'
import type { ApiErrorBody } from './api-error'
import { paths } from './paths'

/** Typed client of every /api route (types only cross the browser/server boundary). */
export const api = hc<AppType>('/api', { init: { credentials: 'same-origin' } })

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const NETWORK_ERROR_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.'

/** Returns the JSON of a 2xx answer, or throws ApiRequestError with the server's pt-BR message. */
export async function unwrap<T>(
  responsePromise: Promise<{ ok: boolean; status: number; json(): Promise<T> }>,
): Promise<T> {
  let response
  try {
    response = await responsePromise
  } catch {
    throw new ApiRequestError(0, 'network', NETWORK_ERROR_MESSAGE)
  }
  if (response.ok) return response.json()
  throw await errorFromResponse(response)
}

/** For an answer without a body (204): resolves on 2xx, throws ApiRequestError like unwrap() otherwise. */
export async function unwrapEmpty(
  responsePromise: Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>,
): Promise<void> {
  let response
  try {
    response = await responsePromise
  } catch {
    throw new ApiRequestError(0, 'network', NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) throw await errorFromResponse(response)
}

/**
 * What the user reads when an answer carries no message of ours (e.g. a reverse proxy's own HTML 429 or
 * 413 page): by status, so a refused request never turns into 'Erro inesperado'.
 */
const FALLBACK_BY_STATUS: Partial<Record<number, { code: string; message: string }>> = {
  413: { code: 'too_large', message: 'Arquivo ou requisição grande demais.' },
  429: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
}

/**
 * The ApiRequestError for a non-2xx answer: the server's `{ error: { code, message } }` (pt-BR), or a
 * message chosen by status when the body is not ours. Every browser call goes through here.
 */
export async function errorFromResponse(response: {
  status: number
  json(): Promise<unknown>
}): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null
  const error = typeof body?.error === 'object' && body.error ? body.error : undefined
  const fallback = FALLBACK_BY_STATUS[response.status]
  const result = new ApiRequestError(
    response.status,
    error?.code ?? fallback?.code ?? `http_${response.status}`,
    error?.message ?? fallback?.message ?? 'Erro inesperado. Tente novamente mais tarde.',
    error?.fields,
  )
  followOfficeRedirect(result.code)
  return result
}

/**
 * Office answers that move the user elsewhere (Configurações Avançadas, issue 12): an office that requires
 * 2FA sends a member without it to the setup; a session expired by inactivity goes back to sign-in.
 */
function followOfficeRedirect(code: string): void {
  if (typeof window === 'undefined') return
  const target =
    code === 'two_factor_required'
      ? { path: paths.dashboard.settings, search: '?exigir2fa=1' }
      : code === 'session_expired'
        ? { path: paths.auth, search: '' }
        : null
  if (target && window.location.pathname !== target.path) window.location.assign(target.path + target.search)
}
