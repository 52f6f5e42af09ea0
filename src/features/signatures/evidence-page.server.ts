import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { maskCpf } from '../../lib/br/mask'

/** One signer as the evidence page records them. */
export interface EvidenceSigner {
  name: string
  /** The CPF's digits (printed masked); null when the signer gave none. */
  cpf: string | null
  email: string
  signedAt: Date
  ip: string | null
  userAgent: string | null
}

export interface Evidence {
  documentName: string
  officeName: string
  verificationCode: string
  /** SHA-256 (hex) of the original PDF, before this page and the signature. */
  originalSha256: string
  signers: readonly EvidenceSigner[]
}

export const EVIDENCE_TITLE = 'Página de evidências de assinatura eletrônica'
export const LEGAL_BASIS =
  'Assinatura eletrônica avançada nos termos da Lei nº 14.063/2020 (art. 4º, II) e da MP nº 2.200-2/2001 ' +
  '(art. 10, § 2º): cada signatário foi identificado por link pessoal enviado ao seu e-mail, código de ' +
  'verificação de uso único, nome completo e CPF, e manifestou consentimento expresso. Este arquivo leva ' +
  'uma assinatura digital (PAdES) da plataforma JusConecta: qualquer alteração posterior é detectável.'

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/** '27/11/2026 14:30:05 (horário de Brasília)'. */
export function formatEvidenceTime(date: Date): string {
  return `${dateTime.format(date).replace(',', '')} (horário de Brasília)`
}

/**
 * The standard fonts write WinAnsi (Latin-1 plus a few): every pt-BR letter is in it, but a name may carry
 * anything, and pdf-lib throws on a character it can't encode. Those become '?' rather than failing a signature.
 */
function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022]/g, '?')
}

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56

class Writer {
  private page: PDFPage
  private y: number
  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(A4)
    this.y = A4[1] - MARGIN
  }

  /** Word-wrapped text; a new page when this one is full. */
  text(value: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 10
    const font = options.bold ? this.bold : this.regular
    const width = A4[0] - 2 * MARGIN
    for (const line of wrap(printable(value), font, size, width)) {
      if (this.y < MARGIN + size) {
        this.page = this.pdf.addPage(A4)
        this.y = A4[1] - MARGIN
      }
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) })
      this.y -= size * 1.4
    }
    this.y -= options.gap ?? 0
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

/** The original PDF with the evidence page(s) appended (not yet signed). */
export async function appendEvidencePage(original: Uint8Array, evidence: Evidence): Promise<Uint8Array> {
  // updateMetadata false: the original's producer/dates stay as they were.
  const pdf = await PDFDocument.load(original, { updateMetadata: false })
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const w = new Writer(pdf, regular, bold)
  w.text(EVIDENCE_TITLE, { size: 15, bold: true, gap: 8 })
  w.text(`Documento: ${evidence.documentName}`, { bold: true })
  w.text(`Escritório: ${evidence.officeName}`)
  w.text(`Código de verificação: ${evidence.verificationCode}`, { bold: true })
  w.text(`SHA-256 do documento original: ${evidence.originalSha256}`, { size: 8, gap: 10 })
  w.text('Signatários', { size: 12, bold: true, gap: 2 })
  evidence.signers.forEach((signer, index) => {
    w.text(`${index + 1}. ${signer.name}`, { bold: true })
    w.text(`CPF: ${signer.cpf ? maskCpf(signer.cpf) : 'não informado'}   E-mail: ${signer.email}`)
    w.text(`Assinado em: ${formatEvidenceTime(signer.signedAt)}   IP: ${signer.ip ?? 'não registrado'}`)
    w.text(`Navegador: ${(signer.userAgent ?? 'não registrado').slice(0, 300)}`, { size: 8, gap: 8 })
  })
  w.text('Fundamento legal', { size: 12, bold: true, gap: 2 })
  w.text(LEGAL_BASIS, { size: 9, gap: 8 })
  w.text(
    `Para conferir a integridade, envie este PDF ou digite o código ${evidence.verificationCode} na página /verificar do JusConecta.`,
    { size: 9 },
  )
  return pdf.save({ useObjectStreams: false })
}
