import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { formatCnpj } from '../../lib/br/cnpj'
import { formatCpf } from '../../lib/br/cpf'
import { formatDateBR } from '../../lib/br/dates'
import { centsToBRL, valorPorExtenso } from '../../lib/br/money'
import { createPdf, pdfSection, type Pdf, type PdfLetterhead } from '../../platform/pdf.server'
import { clients } from '../clients/clients.table.server'
import type { FinancialEntryDto, PaymentMethod } from './financial.schema'
import { valorCents } from './financial.write.server'

// The receipt of a paid entry (issue 11, 'Recibo'): pt-BR, on the office's letterhead, the amount in figures
// and in words. Text stays within WinAnsi (pdf.server.ts): no arrows or emoji.

const METHOD_TEXT: Record<PaymentMethod, string> = {
  pix: 'Pix',
  transferencia: 'transferência bancária',
  boleto: 'boleto',
  dinheiro: 'dinheiro',
  cartao: 'cartão',
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const

/** '2026-03-05' → '5 de março de 2026'. */
export function longDateBR(dateISO: string): string {
  const [y, m, d] = dateISO.split('-').map(Number)
  return `${d ?? ''} de ${MONTHS[(m ?? 1) - 1] ?? ''} de ${y ?? ''}`
}

/** The client's document for the receipt, formatted ('CPF 529.982.247-25'), or null. */
export async function clientDocument(db: Database, clientId: string | null): Promise<string | null> {
  if (!clientId) return null
  const [row] = await db
    .select({ documento: clients.documento, tipoPessoa: clients.tipoPessoa })
    .from(clients)
    .where(eq(clients.id, clientId))
  if (!row?.documento) return null
  return row.tipoPessoa === 'juridica'
    ? `CNPJ ${formatCnpj(row.documento)}`
    : `CPF ${formatCpf(row.documento)}`
}

/** The sentence of the receipt ("Recebemos de … a importância de R$ … (…) referente a …"). */
export function receiptText(entry: FinancialEntryDto, documento: string | null): string {
  const cents = valorCents(entry.valor)
  const amount = `${centsToBRL(cents).replace('\u00a0', ' ')} (${valorPorExtenso(cents)})`
  const parcela = entry.parcelaTotal ? ` - parcela ${entry.parcelaNumero ?? ''}/${entry.parcelaTotal}` : ''
  const processo = entry.caseTitulo ? `, processo "${entry.caseTitulo}"` : ''
  const referente = `referente a ${entry.descricao}${parcela}${processo}`
  if (entry.tipo === 'despesa') {
    const to = entry.clientNome ? ` a ${entry.clientNome}${documento ? `, ${documento},` : ''}` : ''
    return `Declaramos ter pago${to} a importância de ${amount}, ${referente}.`
  }
  const from = entry.clientNome ? ` de ${entry.clientNome}${documento ? `, ${documento},` : ''}` : ''
  return `Recebemos${from} a importância de ${amount}, ${referente}.`
}

export function buildReceiptPdf(
  entry: FinancialEntryDto,
  letterhead: PdfLetterhead,
  documento: string | null,
  generatedAt?: Date,
): Pdf {
  const cents = valorCents(entry.valor)
  const doc = createPdf({
    title: 'Recibo',
    subtitle: `Valor: ${centsToBRL(cents).replace('\u00a0', ' ')}`,
    letterhead,
    generatedAt,
  })
  doc.moveDown(1).font('Helvetica').fontSize(11).fillColor('black')
  doc.text(receiptText(entry, documento), { align: 'justify', lineGap: 3 })
  pdfSection(doc, 'Pagamento')
  const paidOn = entry.dataPagamento ? formatDateBR(entry.dataPagamento) : ''
  const method = entry.formaPagamento ? `, por ${METHOD_TEXT[entry.formaPagamento]}` : ''
  doc.text(`Pago em ${paidOn}${method}.`)
  doc.text(`Vencimento: ${formatDateBR(entry.dataVencimento)}.`)
  doc.moveDown(2)
  if (entry.dataPagamento) doc.text(`${longDateBR(entry.dataPagamento)}.`, { align: 'right' })
  doc.moveDown(4)
  const margin = doc.page.margins.left
  const width = 240
  const x = (doc.page.width - width) / 2
  const y = doc.y
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .strokeColor('#000000')
    .lineWidth(0.7)
    .stroke()
  doc.fontSize(10).text(letterhead.nome, x, y + 4, { width, align: 'center' })
  doc.x = margin
  return doc
}
