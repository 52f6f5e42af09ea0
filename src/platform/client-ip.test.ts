import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { clientIp } from './client-ip.server'
import { EnvError, loadEnv } from './env.server'

/** What clientIp answers for one request with this X-Forwarded-For, coming from socket 10.0.0.1. */
async function ipFor(trustedHops: number, forwardedFor?: string) {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustedHops) ?? 'none'))
  const headers: Record<string, string> =
    forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }
  const response = await app.request(
    '/',
    { headers },
    { incoming: { socket: { remoteAddress: '10.0.0.1' } } },
  )
  return response.text()
}

describe('clientIp (TRUST_PROXY hops, as Express counts them)', () => {
  it('uses the socket without trusted proxies, whatever X-Forwarded-For says', async () => {
    expect(await ipFor(0, '203.0.113.5')).toBe('10.0.0.1')
    expect(await ipFor(0)).toBe('10.0.0.1')
  })

  it('takes the entry that many hops from the right, never the forgeable leftmost one', async () => {
    const chain = '6.6.6.6, 203.0.113.5, 198.51.100.2'
    expect(await ipFor(1, chain)).toBe('198.51.100.2')
    expect(await ipFor(2, chain)).toBe('203.0.113.5')
    expect(await ipFor(3, chain)).toBe('6.6.6.6')
    expect(await ipFor(1, '203.0.113.5')).toBe('203.0.113.5')
    expect(await ipFor(1, ' 2001:db8::1 ')).toBe('2001:db8::1')
  })

  it('gives the leftmost entry of a chain shorter than the hops, and the socket without a chain', async () => {
    expect(await ipFor(3, '203.0.113.5, 198.51.100.2')).toBe('203.0.113.5')
    expect(await ipFor(1)).toBe('10.0.0.1')
    expect(await ipFor(1, '')).toBe('10.0.0.1')
  })

  it('falls back to the socket when the trusted entry is not an address', async () => {
    expect(await ipFor(1, '203.0.113.5, not-an-ip')).toBe('10.0.0.1')
  })
})

describe('TRUST_PROXY and RATE_LIMIT_* in the environment', () => {
  it('reads true/false/1/0 and hop counts', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0)
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0)
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0)
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
  })

  it('defaults every limit to the values the product shipped with', () => {
    expect(loadEnv({})).toMatchObject({
      RATE_LIMIT_WINDOW_SECONDS: 60,
      RATE_LIMIT_SIGN_IN_MAX: 10,
      RATE_LIMIT_SIGN_UP_MAX: 5,
      RATE_LIMIT_PASSWORD_RESET_MAX: 5,
      RATE_LIMIT_TWO_FACTOR_MAX: 10,
      RATE_LIMIT_AUTH_DEFAULT_MAX: 200,
      RATE_LIMIT_API_MAX: 600,
      RATE_LIMIT_UPLOAD_MAX: 30,
    })
    expect(loadEnv({ RATE_LIMIT_SIGN_IN_MAX: '3' }).RATE_LIMIT_SIGN_IN_MAX).toBe(3)
  })

  it('stops the start naming the variable of a bad limit', () => {
    for (const bad of ['abc', '0', '-1', '2.5']) {
      expect(() => loadEnv({ RATE_LIMIT_API_MAX: bad })).toThrow(EnvError)
      expect(() => loadEnv({ RATE_LIMIT_API_MAX: bad })).toThrow(/RATE_LIMIT_API_MAX/)
    }
  })
})
