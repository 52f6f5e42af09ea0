import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib'
import { P12Signer } from '@signpdf/signer-p12'
// The named class, not the default instance: Node's ESM import of this CommonJS module has no `default` interop.
import { SignPdf } from '@signpdf/signpdf'
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils'
import { PDFDocument } from 'pdf-lib'
import type { SigningCertificate } from './certificate.server'

/**
 * Room for the CMS signature in /Contents (bytes): a 2048-bit signature, the certificate and the signed
 * attributes take about 2 KB; an operator's ICP-Brasil P12 may carry a chain, so there is margin.
 */
const SIGNATURE_LENGTH = 16_384

/**
 * A PAdES signature (ETSI.CAdES.detached) by the platform's certificate over the whole file: the
 * /ByteRange covers every byte but the signature itself, so changing any of them breaks it in a reader.
 */
export async function signPdf(
  pdfBytes: Uint8Array,
  certificate: SigningCertificate,
  options: { reason: string; signingTime: Date },
): Promise<Buffer> {
  const pdfDoc = await PDFDocument.load(pdfBytes, { updateMetadata: false })
  pdflibAddPlaceholder({
    pdfDoc,
    reason: options.reason,
    contactInfo: '',
    name: 'JusConecta',
    location: 'Brasil',
    signingTime: options.signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'JusConecta',
  })
  // No object streams: the signer finds /ByteRange and /Contents as plain text in the file.
  const prepared = Buffer.from(await pdfDoc.save({ useObjectStreams: false }))
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase })
  return new SignPdf().sign(prepared, signer, options.signingTime)
}
