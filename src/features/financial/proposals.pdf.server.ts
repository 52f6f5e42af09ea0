import { formatCnpj } from '../../lib/br/cnpj'
import { formatCpf } from '../../lib/br/cpf'
import { formatDateBR } from '../../lib/br/dates'
import { centsToBRL, parseDecimalCents } from '../../lib/br/money'
import { createPdf, pdfSection, pdfTable, type Pdf, type PdfLetterhead } from '../../platform/pdf.server'
import {
  formatPercentBR,
  parsePercentHundredths,
  proposalInstallments,
  type ProposalDto,
} from './proposals.schema'

// The fee proposal as the client receives it (issue 11): pt-BR, on the office's letterhead, with the parties,
// the object, the fee model and its values, the installments, the conditions, the validity and signature lines.
// Text stays within WinAnsi (pdf.server.ts): no arrows or emoji.

export interface ProposalPdfInput {
  proposal: ProposalDto
  letterhead: PdfLetterhead
  client: { documento: string | null; tipoPessoa: string; endereco: string | null }
  caseNumero: string | null
  generatedAt?: Date | undefined
}

const MODEL_TEXT: Record<ProposalDto['modelo'], string> = {
  fixo: 'Honorários fixos, em parcela única.',
  parcelado: 'Honorários fixos, em parcelas mensais.',
  exito: 'Honorários de êxito (ad exitum), sobre o proveito econômico obtido.',
  misto: 'Honorários mistos: uma parte fixa e uma parte de êxito.',
}

const DEFAULT_CONDITIONS =
  'Os valores não incluem custas processuais, despesas com diligências, perícias e deslocamentos, que serão ' +
  'reembolsados pelo contratante mediante comprovação. O atraso no pagamento sujeita o valor devido a correção ' +
  'monetária e juros de 1% ao mês.'

function formatDocumento(documento: string | null, tipoPessoa: string): string | null {
  if (!documento) return null
  return tipoPessoa === 'juridica' ? `CNPJ ${formatCnpj(documento)}` : `CPF ${formatCpf(documento)}`
}

/** percentual (hundredths) of valor da causa (cents), rounded half up, in BigInt: the product exceeds 2^53. */
function successEstimateCents(valorCausa: string, percentual: string): number | null {
  const base = parseDecimalCents(valorCausa)
  const hundredths = parsePercentHundredths(percentual)
  if (base === null || hundredths === null) return null
  return Number((BigInt(base) * BigInt(hundredths) + 5_000n) / 10_000n)
}

function paragraph(doc: Pdf, text: string): void {
  doc.font('Helvetica').fontSize(10).fillColor('black').text(text, { align: 'justify' })
  doc.moveDown(0.3)
}

function signatureLines(doc: Pdf, left: string, right: string): void {
  doc.moveDown(3)
  if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage()
  const margin = doc.page.margins.left
  const width = (doc.page.width - 2 * margin - 40) / 2
  const y = doc.y
  doc
    .moveTo(margin, y)
    .lineTo(margin + width, y)
    .strokeColor('#000000')
    .lineWidth(0.7)
    .stroke()
  doc
    .moveTo(margin + width + 40, y)
    .lineTo(margin + 2 * width + 40, y)
    .stroke()
  doc.font('Helvetica').fontSize(9).fillColor('black')
  doc.text(left, margin, y + 4, { width, align: 'center' })
  doc.text(right, margin + width + 40, y + 4, { width, align: 'center' })
  doc.x = margin
}

export function buildProposalPdf(input: ProposalPdfInput): Pdf {
  const { proposal: p, letterhead, client } = input
  const doc = createPdf({
    title: 'Proposta de Honorários Advocatícios',
    subtitle: `Proposta nº ${p.id.slice(0, 8).toUpperCase()} - válida até ${formatDateBR(p.validade)}`,
    letterhead,
    generatedAt: input.generatedAt,
  })

  pdfSection(doc, 'Partes')
  const clientIds = [formatDocumento(client.documento, client.tipoPessoa), client.endereco].filter(Boolean)
  paragraph(doc, `Contratante: ${p.clientNome}${clientIds.length ? ` (${clientIds.join(', ')})` : ''}.`)
  const officeIds = [
    letterhead.oab ? `OAB ${letterhead.oab}` : null,
    letterhead.cnpj ? `CNPJ ${letterhead.cnpj}` : null,
  ].filter(Boolean)
  paragraph(doc, `Contratado(a): ${letterhead.nome}${officeIds.length ? ` (${officeIds.join(', ')})` : ''}.`)

  pdfSection(doc, 'Objeto')
  paragraph(
    doc,
    p.caseTitulo
      ? `Prestação de serviços advocatícios no caso "${p.caseTitulo}"${input.caseNumero ? `, processo nº ${input.caseNumero}` : ''}.`
      : 'Prestação de serviços advocatícios ao contratante, nos termos desta proposta.',
  )

  pdfSection(doc, 'Honorários')
  paragraph(doc, MODEL_TEXT[p.modelo])
  const valorFixoCents = p.valorFixo === null ? null : parseDecimalCents(p.valorFixo)
  if (valorFixoCents !== null && p.parcelas !== null && p.primeiroVencimento !== null) {
    const parcelasText = p.parcelas === 1 ? 'em parcela única' : `em ${p.parcelas} parcelas mensais`
    paragraph(doc, `Parte fixa: ${centsToBRL(valorFixoCents)}, ${parcelasText}.`)
  }
  if (p.percentualExito !== null) {
    paragraph(
      doc,
      `Parte de êxito: ${formatPercentBR(p.percentualExito)} sobre o proveito econômico obtido pelo contratante.`,
    )
    if (p.valorCausa !== null) {
      const estimate = successEstimateCents(p.valorCausa, p.percentualExito)
      paragraph(
        doc,
        `Valor da causa: ${centsToBRL(parseDecimalCents(p.valorCausa))}; honorários de êxito estimados sobre esse ` +
          `valor: ${centsToBRL(estimate)}.`,
      )
    }
    paragraph(
      doc,
      'Os honorários de êxito só são devidos com o resultado favorável e serão cobrados quando o processo for ' +
        'concluído.',
    )
  }

  if (valorFixoCents !== null && p.parcelas !== null && p.primeiroVencimento !== null) {
    pdfSection(doc, 'Parcelas')
    pdfTable(
      doc,
      [
        { header: 'Parcela', width: 0.3 },
        { header: 'Vencimento', width: 0.35 },
        { header: 'Valor', width: 0.35, align: 'right' },
      ],
      proposalInstallments(valorFixoCents, p.parcelas, p.primeiroVencimento).map((parcel) => [
        `${parcel.numero}/${p.parcelas}`,
        formatDateBR(parcel.vencimento),
        centsToBRL(parcel.cents),
      ]),
    )
  }

  pdfSection(doc, 'Condições')
  paragraph(doc, p.condicoes ?? DEFAULT_CONDITIONS)

  pdfSection(doc, 'Validade')
  paragraph(
    doc,
    `Esta proposta é válida até ${formatDateBR(p.validade)}. A aceitação, assinada por ambas as partes, ` +
      'vale como contrato de prestação de serviços advocatícios.',
  )

  doc.moveDown(1.5)
  paragraph(doc, 'Local e data: ______________________________________, ____/____/________')
  signatureLines(doc, `${p.clientNome}\nContratante`, `${letterhead.nome}\nContratado(a)`)
  return doc
}
