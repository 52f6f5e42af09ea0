import { ApiRequestError, errorFromResponse, NETWORK_ERROR_MESSAGE } from './api-client'

/**
 * The one raw `fetch` of the browser, for what the typed client cannot carry: a stream (SSE), a file download
 * (read as a Blob or streamed) or a raw upload body. JSON calls go through `api` + `unwrap()` instead.
 * It sends the session cookie, turns a lost connection into ApiRequestError('network') and a non-2xx answer
 * into the server's pt-BR ApiRequestError, and returns the Response of a 2xx answer untouched.
 */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init })
  } catch (error) {
    // An abort is the caller's own doing: keep it an AbortError so query cancellation stays quiet.
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiRequestError(0, 'network', NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) throw await errorFromResponse(response)
  return response
}
