import { z } from 'zod'
import '../../lib/zod-pt-br'

// Contract of /api/financial/entries/:id/pix (issue 11, the Pix charge of a pending receita): POST issues
// (or refreshes) the charge, GET reads the one issued (issue 24: a GET never writes). No server imports: the
// dialog bundles this file.

export const PIX_CHARGE_MESSAGES = {
  notFound: 'Lançamento não encontrado.',
  notReceivable: 'A cobrança Pix é só para receitas pendentes.',
  notConfigured: 'Configure a chave Pix do escritório em Configurações Avançadas.',
  invalidKey: 'A chave Pix do escritório é inválida. Corrija-a em Configurações Avançadas.',
  notIssued: 'Nenhuma cobrança Pix gerada para este lançamento.',
} as const

/** The error code of the 409 a dialog turns into a link to the settings. */
export const PIX_NOT_CONFIGURED = 'pix_not_configured'

/** The error code of GET's 404 when the entry exists but no charge was issued for it yet. */
export const PIX_NOT_ISSUED = 'pix_not_issued'

export const pixEntryParam = z.object({ id: z.uuid({ error: PIX_CHARGE_MESSAGES.notFound }) })

export interface PixChargeDto {
  entryId: string
  /** The "Pix copia e cola" text (also the QR's content). */
  payload: string
  txid: string
  /** '1234.56'. */
  valor: string
  dataVencimento: string
  descricao: string
  /** Who receives, as the payer's bank will show it. */
  recebedor: string
  cidade: string
}
