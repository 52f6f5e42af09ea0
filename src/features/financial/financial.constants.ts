// The closed value lists of a financial entry (spec §3, §4, §9). A separate file so the table (server) and the
// contract (browser, financial.schema.ts) read the same lists without the table importing zod.

export const FINANCIAL_TYPES = ['receita', 'despesa'] as const
export type FinancialType = (typeof FINANCIAL_TYPES)[number]

/** Spec §9: the five finance categories, stored by their slug. Labels live in the i18n catalog. */
export const FINANCIAL_CATEGORIES = [
  'honorarios',
  'consultoria',
  'custas',
  'despesas_escritorio',
  'outros',
] as const
export type FinancialCategory = (typeof FINANCIAL_CATEGORIES)[number]

/** Spec §9 payment methods. 'boleto' stays a label: the product issues Pix charges, not boletos (issue 11). */
export const PAYMENT_METHODS = ['pix', 'transferencia', 'boleto', 'dinheiro', 'cartao'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * What the database stores. 'vencido' (spec §4) is NOT stored: it is derived at read time — status not pago and
 * due date before today in America/Sao_Paulo — because a stored flag would go stale every midnight and need a job
 * racing the users; deriving it keeps one source of truth and the index on (office_id, data_vencimento) serves it.
 */
export const STORED_FINANCIAL_STATUSES = ['pendente', 'pago', 'cancelado'] as const
export type StoredFinancialStatus = (typeof STORED_FINANCIAL_STATUSES)[number]

/** The statuses a user sees and filters by (spec §4). */
export const FINANCIAL_STATUSES = ['pago', 'pendente', 'vencido', 'cancelado'] as const
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number]

export const FINANCIAL_LIMITS = {
  descricao: 200,
  observacoes: 2000,
  /** numeric(14,2): 12 integer digits. */
  maxCents: 999_999_999_999_99,
  maxParcelas: 60,
} as const
