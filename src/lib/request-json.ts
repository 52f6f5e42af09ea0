import { unwrap } from './api-client'

type JsonInit = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal }

/**
 * A JSON call to our API with the session cookie. Plain fetch rather than the typed hono client so that
 * query hooks can take a URL built from filters; errors become ApiRequestError via unwrap().
 */
export function requestJson<T>(url: string, { method = 'GET', body, signal }: JsonInit = {}): Promise<T> {
  return unwrap<T>(
    fetch(url, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}
