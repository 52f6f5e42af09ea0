import dns from 'node:dns'
import net from 'node:net'

/**
 * Where a mail server typed by a user may be (issue 24, item 2): anyone can sign up, become sócio of an office
 * of his own and type any host into its SMTP settings, so the server must never connect on his behalf to
 * itself, to the private network it runs in or to a cloud metadata endpoint (SSRF). The host is resolved
 * here, EVERY address it resolves to must be public, and the caller connects to the address returned (pinned):
 * a name that answers a public address now and a private one a second later (DNS rebinding) is not resolved
 * again by the mail library.
 */

// IPv4 ranges that are not the public internet (IANA special-purpose registry, RFC 6890 and successors).
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
]

// IPv6: only global unicast (2000::/3) may be public. That leaves out in one stroke the unspecified ::, the
// loopback ::1, the IPv4-mapped ::ffff:0:0/96 and IPv4-compatible ::/96 forms (which would reach an IPv4
// address without its check), NAT64 64:ff9b::/96, discard 100::/64, unique-local fc00::/7 (AWS's metadata
// fd00:ec2::254), link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8.
const GLOBAL_V6: [string, number] = ['2000::', 3]
// …and inside 2000::/3, the special blocks.
const SPECIAL_V6: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments, Teredo 2001::/32 included (it tunnels to an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['3fff::', 20], // documentation
]

const privateV4 = new net.BlockList()
for (const [address, prefix] of PRIVATE_V4) privateV4.addSubnet(address, prefix, 'ipv4')
const globalV6 = new net.BlockList()
globalV6.addSubnet(GLOBAL_V6[0], GLOBAL_V6[1], 'ipv6')
const specialV6 = new net.BlockList()
for (const [address, prefix] of SPECIAL_V6) specialV6.addSubnet(address, prefix, 'ipv6')

/** Whether `address` (an IP literal) is on the public internet; anything else, a malformed one included, is not. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return !privateV4.check(address, 'ipv4')
  if (family === 6) return globalV6.check(address, 'ipv6') && !specialV6.check(address, 'ipv6')
  return false
}

/** Why a mail server's host cannot be used: each becomes a fixed pt-BR answer, never the resolver's text. */
export type SmtpHostProblem = 'not_allowed' | 'not_found' | 'timeout'

export class SmtpHostError extends Error {
  constructor(readonly problem: SmtpHostProblem) {
    super(`smtp host refused: ${problem}`)
    this.name = 'SmtpHostError'
  }
}

export type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>

const systemLookup: LookupAll = (host) => dns.promises.lookup(host, { all: true, order: 'ipv4first' })

export interface ResolveSmtpHostOptions {
  /**
   * SMTP_ALLOW_PRIVATE_HOSTS (development and tests only): a mail catcher on loopback or the LAN is allowed.
   * The host is still resolved once and pinned.
   */
  allowPrivate: boolean
  /** The resolver (tests replace it); dns.lookup, as the mail library itself would resolve, by default. */
  lookup?: LookupAll
  timeoutMs?: number
}

/**
 * The address to connect to for `host`: resolved once (all of its addresses), refused with SmtpHostError
 * unless every one is public. The first address (IPv4 first) is returned; connect to it, not to `host`.
 */
export async function resolveSmtpHost(host: string, options: ResolveSmtpHostOptions): Promise<string> {
  const lookup = options.lookup ?? systemLookup
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmtpHostError('timeout')), options.timeoutMs ?? 10_000)
  })
  let addresses: { address: string }[]
  try {
    addresses = net.isIP(host) ? [{ address: host }] : await Promise.race([lookup(host), timeout])
  } catch (error) {
    if (error instanceof SmtpHostError) throw error
    throw new SmtpHostError('not_found')
  } finally {
    clearTimeout(timer)
  }
  const first = addresses[0]?.address
  if (!first) throw new SmtpHostError('not_found')
  if (!options.allowPrivate && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new SmtpHostError('not_allowed')
  }
  return first
}
