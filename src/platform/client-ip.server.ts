import { isIP } from 'node:net'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/**
 * The address the client really connected from, for rate limits and audit rows (issue 7). Each proxy
 * *appends* the address it saw to X-Forwarded-For, so only the rightmost entries are trustworthy: with
 * `trustedHops` proxies in front (TRUST_PROXY, as Express's `trust proxy` counts them) the client is the
 * entry that many hops from the right — 1 = the last entry, 2 = the one before it. Anything further left
 * was written by the client itself and is ignored. A chain shorter than the hops gives its leftmost entry
 * (every entry there came from a trusted proxy). Without trusted hops, or when the chosen entry is not an
 * IP address (a misconfigured proxy), the socket's address is used.
 */
export function clientIp(c: Context, trustedHops: number): string | undefined {
  if (trustedHops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const chosen = chain[Math.max(0, chain.length - trustedHops)]
    if (chosen && isIP(chosen)) return chosen
  }
  return socketIp(c)
}

function socketIp(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined // app.request() in tests has no socket
  }
}
