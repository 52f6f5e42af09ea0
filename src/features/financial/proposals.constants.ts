// The closed value lists of a fee proposal, shared by the table (server) and the contract (browser).

/** fixo: one amount; parcelado: an amount in N monthly parcels; exito: a percentage of the claim on success;
 * misto: a fixed part (1 or N parcels) plus a success fee. */
export const PROPOSAL_MODELS = ['fixo', 'parcelado', 'exito', 'misto'] as const
export type ProposalModel = (typeof PROPOSAL_MODELS)[number]

export const PROPOSAL_STATUSES = ['rascunho', 'enviada', 'aceita', 'recusada'] as const
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]

/** Models with a fixed part (valor_fixo, parcelas, primeiro_vencimento) and with a success fee. */
export const FIXED_MODELS: readonly ProposalModel[] = ['fixo', 'parcelado', 'misto']
export const SUCCESS_MODELS: readonly ProposalModel[] = ['exito', 'misto']

export const PROPOSAL_LIMITS = {
  condicoes: 4000,
  maxParcelas: 60,
  /** numeric(14,2): 12 integer digits. */
  maxCents: 999_999_999_999_99,
} as const
