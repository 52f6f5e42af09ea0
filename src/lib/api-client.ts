import { hc } from 'hono/client'
// A type-only import: erased at build time, so no server code reaches the browser bundle.
// eslint-disable-next-line import/no-restricted-paths
import type { AppType } from '../server/app.server'
import type { ApiErrorBody } from './api-error'

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

/** Returns the JSON of a 2xx answer, or throws ApiRequestError with the server's pt-BR message. */
export async function unwrap<T>(
  responsePromise: Promise<{ ok: boolean; status: number; json(): Promise<T> }>,
): Promise<T> {
  let response
  try {
    response = await responsePromise
  } catch {
    throw new ApiRequestError(
      0,
      'network',
      'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
    )
  }
  if (response.ok) return response.json()
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null
  throw new ApiRequestError(
    response.status,
    body?.error.code ?? `http_${response.status}`,
    body?.error.message ?? 'Erro inesperado. Tente novamente mais tarde.',
    body?.error.fields,
  )
}
