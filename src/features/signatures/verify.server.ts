import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto'
import forge from 'node-forge'
import { certificateFingerprint } from './certificate.server'

// Checks a signed PDF without the library that signed it (issue 25: "verified by an independent
// verifier"): the /ByteRange and /Contents are read from the bytes, the CMS is parsed with node-forge's
// ASN.1 reader, and the digest and the RSA signature are checked with node:crypto.

export type PdfSignatureStatus =
  /** Signed by the platform and not a byte changed since. */
  | 'intact'
  /** A signature is there, but the bytes it covers changed, or bytes were added after it. */
  | 'tampered'
  /** No signature at all (or one we cannot read). */
  | 'unsigned'
  /** A valid signature, but by a certificate that is not this platform's. */
  | 'foreign'

export interface PdfSignatureCheck {
  status: PdfSignatureStatus
  /** The verification code written in the signature's /Reason, when found (read even from a tampered copy). */
  verificationCode: string | null
}

/** The code the signature's /Reason carries: 'Assinado eletronicamente — código ABCD-1234'. */
export const REASON_PREFIX = 'JusConecta - codigo de verificacao '
const CODE_IN_REASON = /\/Reason\s*\(JusConecta - codigo de verificacao ([A-Z0-9-]{4,20})\)/g

function lastMatch(text: string, pattern: RegExp): RegExpExecArray | null {
  let last: RegExpExecArray | null = null
  for (const match of text.matchAll(pattern)) last = match
  return last
}

/** The code from the /Reason of the (last) signature, or null. */
export function codeInPdf(text: string): string | null {
  return lastMatch(text, CODE_IN_REASON)?.[1] ?? null
}

function attributeValue(attributes: forge.asn1.Asn1[], oid: string): string | null {
  for (const attribute of attributes) {
    const parts = attribute.value as forge.asn1.Asn1[]
    const type = parts[0]
    const values = parts[1]
    if (!type || !values || forge.asn1.derToOid(type.value as string) !== oid) continue
    const first = (values.value as forge.asn1.Asn1[])[0]
    return first ? (first.value as string) : null
  }
  return null
}

/**
 * Whether `pdf` carries a valid signature made by the certificate with `fingerprint` over the whole file.
 * Only the last signature is checked: ours is the only one, and anything appended after it is tampering.
 */
export function checkPdfSignature(pdf: Buffer, fingerprint: string): PdfSignatureCheck {
  const text = pdf.toString('latin1')
  const verificationCode = codeInPdf(text)
  const unsigned = { status: 'unsigned' as const, verificationCode }
  const tampered = { status: 'tampered' as const, verificationCode }
  const range = lastMatch(text, /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)
  if (!range) return unsigned
  const [start, length1, start2, length2] = range.slice(1, 5).map(Number) as [number, number, number, number]
  if (start !== 0 || start2 <= length1 || pdf[length1] !== 0x3c || pdf[start2 - 1] !== 0x3e) return tampered
  // Bytes added after the signed range (an incremental update) change what a reader shows: not intact.
  if (start2 + length2 !== pdf.length) return tampered
  const hex = text.slice(length1 + 1, start2 - 1).replace(/(00)+$/, '')
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length === 0) return tampered
  let message: forge.pkcs7.PkcsSignedData & { rawCapture?: Record<string, unknown> }
  try {
    const asn1 = forge.asn1.fromDer(forge.util.hexToBytes(hex.length % 2 ? `${hex}0` : hex), false)
    message = forge.pkcs7.messageFromAsn1(asn1) as typeof message
  } catch {
    return tampered
  }
  const capture = message.rawCapture ?? {}
  const attributes = capture['authenticatedAttributes'] as forge.asn1.Asn1[] | undefined
  const signature = capture['signature'] as string | undefined
  const serial = capture['serial'] as string | undefined
  const certificate =
    message.certificates.find(
      (cert) =>
        serial !== undefined && cert.serialNumber === forge.util.bytesToHex(serial).replace(/^0+/, ''),
    ) ?? message.certificates[0]
  if (!attributes || !signature || !certificate) return tampered

  const signed = Buffer.concat([pdf.subarray(0, length1), pdf.subarray(start2, start2 + length2)])
  const digest = createHash('sha256').update(signed).digest('binary')
  if (attributeValue(attributes, forge.pki.oids.messageDigest!) !== digest) return tampered
  // The signature covers the DER of the signed attributes as a SET (RFC 5652 §5.4), not their [0] form.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes)
  const signedAttributes = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary')
  let valid = false
  try {
    const key = createPublicKey(forge.pki.publicKeyToPem(certificate.publicKey))
    valid = verifySignature('sha256', signedAttributes, key, Buffer.from(signature, 'binary'))
  } catch {
    valid = false
  }
  if (!valid) return tampered
  return {
    status: certificateFingerprint(certificate) === fingerprint ? 'intact' : 'foreign',
    verificationCode,
  }
}
