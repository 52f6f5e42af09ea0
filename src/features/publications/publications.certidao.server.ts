import type { AppDeps } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { getPlatformSettings } from '../platform-settings/platform-settings.public.server'
import { createDjenClient } from './publications.djen.server'
import { PUBLICATIONS_MESSAGES } from './publications.schema'
import type { publications } from './publications.table.server'

/** A certidão is a PDF of a few hundred KB; anything far larger is not one. */
const MAX_BYTES = 20 * 1024 * 1024

/**
 * 'Ver certidão': the DJEN's certidão of a visible item, streamed through (never buffered, never stored).
 * Only a PDF answer is passed on; anything else (an error page, HTML) becomes a pt-BR 502.
 */
export async function streamCertidao(
  deps: Pick<AppDeps, 'db' | 'env'>,
  row: typeof publications.$inferSelect,
): Promise<Response> {
  const { env } = deps
  if (!(await getPlatformSettings(deps.db)).publicationsCapture)
    throw new ApiError(409, 'capture_disabled', PUBLICATIONS_MESSAGES.captureDisabled)
  const client = createDjenClient({
    baseUrl: env.DJEN_API_URL,
    minIntervalMs: 0,
    timeoutMs: env.PUBLICATIONS_HTTP_TIMEOUT_MS,
    retryBaseMs: 0,
  })
  let upstream: Response
  try {
    upstream = await client.certidao(row.hash)
  } catch {
    throw new ApiError(502, 'certidao_unavailable', PUBLICATIONS_MESSAGES.certidaoUnavailable)
  }
  const type = upstream.headers.get('content-type') ?? ''
  const length = Number(upstream.headers.get('content-length') ?? '0')
  if (!upstream.ok || !upstream.body || !/^application\/pdf\b/i.test(type) || length > MAX_BYTES) {
    await upstream.body?.cancel()
    throw new ApiError(502, 'certidao_unavailable', PUBLICATIONS_MESSAGES.certidaoUnavailable)
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="certidao-djen-${row.djenId}.pdf"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      ...(length > 0 ? { 'content-length': String(length) } : {}),
    },
  })
}
