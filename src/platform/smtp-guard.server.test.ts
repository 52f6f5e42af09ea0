import { describe, expect, it } from 'vitest'
import { isPublicAddress, resolveSmtpHost, SmtpHostError } from './smtp-guard.server'

// Issue 24, item 2: an office's SMTP host may only be a public address, every form of the others refused.

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.200.1.9', 'loopback (all of 127/8)'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'Alibaba metadata (CGNAT)'],
    ['169.254.169.254', 'link-local metadata'],
    ['192.0.0.192', 'IETF assignments (Oracle metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.2.1', 'documentation'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'AWS metadata (unique-local)'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['localhost', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.169.0.1',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})

describe('resolveSmtpHost', () => {
  const fixed = (...addresses: string[]) => {
    const calls: string[] = []
    const lookup = async (host: string) => {
      calls.push(host)
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    }
    return { calls, lookup }
  }
  const problem = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof SmtpHostError ? error.problem : error),
    )

  it('returns the first address of a public name, resolved once', async () => {
    const { calls, lookup } = fixed('203.0.114.10', '2606:4700::1')
    expect(await resolveSmtpHost('smtp.example.com', { allowPrivate: false, lookup })).toBe('203.0.114.10')
    expect(calls).toEqual(['smtp.example.com'])
  })

  it('refuses a name when ANY of its addresses is not public', async () => {
    const { lookup } = fixed('8.8.8.8', '10.1.2.3')
    expect(await problem(resolveSmtpHost('smtp.example.com', { allowPrivate: false, lookup }))).toBe(
      'not_allowed',
    )
  })

  it('refuses private literals and names resolving to loopback with the real resolver', async () => {
    for (const host of ['127.0.0.1', '10.0.0.1', '169.254.169.254', 'localhost', '2130706433', '127.1']) {
      expect(await problem(resolveSmtpHost(host, { allowPrivate: false })), host).toBe('not_allowed')
    }
  })

  it('allows them with allowPrivate (SMTP_ALLOW_PRIVATE_HOSTS), still pinning one address', async () => {
    expect(await resolveSmtpHost('127.0.0.1', { allowPrivate: true })).toBe('127.0.0.1')
    expect(await resolveSmtpHost('localhost', { allowPrivate: true })).toMatch(/^(127\.0\.0\.1|::1)$/)
  })

  it('says not found for a failed or empty lookup, and times out a hanging one', async () => {
    const failing = () => Promise.reject(new Error('getaddrinfo ENOTFOUND'))
    expect(await problem(resolveSmtpHost('x.invalid', { allowPrivate: false, lookup: failing }))).toBe(
      'not_found',
    )
    expect(await problem(resolveSmtpHost('x.invalid', { allowPrivate: false, lookup: fixed().lookup }))).toBe(
      'not_found',
    )
    const hanging = () => new Promise<never>(() => undefined)
    expect(
      await problem(resolveSmtpHost('x.example', { allowPrivate: false, lookup: hanging, timeoutMs: 20 })),
    ).toBe('timeout')
  })
})
