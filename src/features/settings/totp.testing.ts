import { createHmac } from 'node:crypto'

// A small RFC 6238 (TOTP, HMAC-SHA1) implementation for tests: API and e2e tests compute the code an
// authenticator app would show, from the secret in the otpauth:// URI that enrolment returns.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Decode(input: string): Buffer {
  const clean = input.replace(/=+$/, '').replace(/\s/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`invalid base32 character: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const hmac = createHmac('sha1', key).update(message).digest()
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

export function totp(key: Buffer, { now = Date.now(), period = 30, digits = 6 } = {}): string {
  return hotp(key, Math.floor(now / 1000 / period), digits)
}

/** The secret (base32) of an otpauth://totp/... URI. */
export function secretFromTotpUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret')
  if (!secret) throw new Error(`no secret in ${uri}`)
  return secret
}

/** The 6-digit code for now, straight from the enrolment URI. */
export function totpFromUri(uri: string, now = Date.now()): string {
  return totp(base32Decode(secretFromTotpUri(uri)), { now })
}
