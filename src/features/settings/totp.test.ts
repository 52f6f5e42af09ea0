import { describe, expect, it } from 'vitest'
import { base32Decode, hotp, secretFromTotpUri, totp, totpFromUri } from './totp.testing'

// RFC 6238 appendix B (SHA-1): key "12345678901234567890", 8 digits.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii')

describe('test TOTP helper', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 vector at T=%i', (seconds, expected) => {
    expect(totp(RFC_KEY, { now: seconds * 1000, digits: 8 })).toBe(expected)
  })

  it('matches the RFC 4226 HOTP vectors', () => {
    expect([0, 1, 2].map((counter) => hotp(RFC_KEY, counter))).toEqual(['755224', '287082', '359152'])
  })

  it('decodes base32 and reads the secret of an otpauth URI', () => {
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe('12345678901234567890')
    const uri = 'otpauth://totp/JusConecta:a%40b.c?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=JusConecta'
    expect(secretFromTotpUri(uri)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(totpFromUri(uri, 59_000)).toBe('287082')
  })
})
