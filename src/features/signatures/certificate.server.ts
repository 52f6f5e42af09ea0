import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import forge from 'node-forge'
import type { Env } from '../../platform/env.server'

/**
 * The platform's signing certificate (issue 25): the PAdES signature of every signed PDF is made with it,
 * so a later change to the file shows in any PDF reader. SIGNATURE_P12_PATH (+ SIGNATURE_P12_PASSPHRASE)
 * names a PKCS#12 file an operator provides (e.g. an ICP-Brasil certificate); without it, a self-signed
 * RSA 2048 certificate is generated once under DATA_DIR, as the files key is. Production should keep that
 * file with the backups: the signatures stay verifiable without it, but /verificar only says "ours" for
 * the certificate it knows.
 */
export interface SigningCertificate {
  p12: Buffer
  passphrase: string
  /** SHA-256 of the certificate's DER: how the verifier recognises a signature as the platform's. */
  fingerprint: string
}

const GENERATED_FILE = 'signature-certificate.p12'
const CERTIFICATE_YEARS = 10

const certificates = new Map<string, Promise<SigningCertificate>>()

type CertificateEnv = Pick<Env, 'dataDir' | 'SIGNATURE_P12_PATH' | 'SIGNATURE_P12_PASSPHRASE'>

/** The installation's certificate (read or created once per process). */
export function getSigningCertificate(env: CertificateEnv): Promise<SigningCertificate> {
  const cacheKey = env.SIGNATURE_P12_PATH ?? env.dataDir
  let certificate = certificates.get(cacheKey)
  if (!certificate) {
    certificate = env.SIGNATURE_P12_PATH
      ? readFile(env.SIGNATURE_P12_PATH).then((p12) => open(p12, env.SIGNATURE_P12_PASSPHRASE ?? ''))
      : readOrCreate(env.dataDir)
    certificates.set(cacheKey, certificate)
    certificate.catch(() => certificates.delete(cacheKey))
  }
  return certificate
}

/** The DER SHA-256 of a forge certificate, hex. */
export function certificateFingerprint(certificate: forge.pki.Certificate): string {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes()
  return createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex')
}

function open(p12: Buffer, passphrase: string): SigningCertificate {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')))
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, passphrase)
  const certBag = forge.pki.oids.certBag as string
  const bags = parsed.getBags({ bagType: certBag })[certBag] ?? []
  const certificate = bags.find((bag) => bag.cert)?.cert
  if (!certificate) throw new Error('the signing PKCS#12 holds no certificate')
  return { p12, passphrase, fingerprint: certificateFingerprint(certificate) }
}

/** A new self-signed certificate as a PKCS#12 (empty passphrase: the file is mode 0600, like the files key). */
export function generateCertificateP12(commonName = 'JusConecta Assinatura Eletronica'): Buffer {
  // node:crypto makes the key in native code (forge's pure-JS RSA 2048 takes seconds).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())
  const publicKey = forge.pki.setRsaPublicKey(
    (key as forge.pki.rsa.PrivateKey).n,
    (key as forge.pki.rsa.PrivateKey).e,
  )
  const certificate = forge.pki.createCertificate()
  certificate.publicKey = publicKey
  // A positive random serial (the first hex digit below 8 keeps the DER integer positive).
  certificate.serialNumber = '01' + randomBytes(15).toString('hex')
  const now = new Date()
  certificate.validity.notBefore = new Date(now.getTime() - 60_000)
  certificate.validity.notAfter = new Date(now.getTime())
  certificate.validity.notAfter.setFullYear(now.getFullYear() + CERTIFICATE_YEARS)
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'JusConecta' },
    { name: 'countryName', value: 'BR' },
  ]
  certificate.setSubject(subject)
  certificate.setIssuer(subject)
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ])
  certificate.sign(key as forge.pki.rsa.PrivateKey, forge.md.sha256.create())
  const asn1 = forge.pkcs12.toPkcs12Asn1(key as forge.pki.rsa.PrivateKey, [certificate], '', {
    algorithm: '3des',
    friendlyName: commonName,
  })
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')
}

/**
 * Two nodes sharing DATA_DIR may start at once: each writes its own candidate to a temp file and links it
 * into place (link fails when the name exists), so exactly one wins and every node reads back the winner.
 */
export async function readOrCreate(dataDir: string): Promise<SigningCertificate> {
  const file = path.join(dataDir, GENERATED_FILE)
  await mkdir(dataDir, { recursive: true })
  try {
    return open(await readFile(file), '')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temp, generateCertificateP12(), { flag: 'wx', mode: 0o600 })
  try {
    await chmod(temp, 0o600)
    await link(temp, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await unlink(temp).catch(() => {})
  }
  return open(await readFile(file), '')
}
