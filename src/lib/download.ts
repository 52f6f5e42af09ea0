import { unwrap } from './api-client'

/**
 * Saves a fetched file (e.g. a CSV export) under the server's file name (Content-Disposition) or
 * `fallbackName`. A non-2xx answer throws ApiRequestError with the server's pt-BR message, so callers can
 * toast it instead of saving an error page as the file.
 */
export async function saveResponseAsFile(response: Response, fallbackName: string): Promise<void> {
  if (!response.ok) await unwrap(Promise.resolve(response))
  const disposition = response.headers.get('content-disposition') ?? ''
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName
  let fileName = fallbackName
  try {
    fileName = decodeURIComponent(name)
  } catch {
    // malformed %-escape in the header: keep the fallback
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser time to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
