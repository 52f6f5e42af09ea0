import { z } from 'zod'
import '../../lib/zod-pt-br'
import { parseDateBR, todayISO } from '../../lib/br/dates'
import { centsToDecimal, parseBRLToCents } from '../../lib/br/money'
import {
  CHARGE_SOURCES,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type ChargeSource,
  type ChargeStatus,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from './platform-billing.constants'
import { STATEMENT_MAX_ROWS } from './platform-billing.reconcile.parse'

// Contract of /api/admin/financial (superadmin only), shared by /admin/financial and the server routes.

export const ADMIN_FINANCIAL_PAGE_SIZE = 10

export const ADMIN_FINANCIAL_MESSAGES = {
  chargeId: 'Cobrança inválida.',
  runId: 'Execução inválida.',
  amount: 'Informe um valor válido (ex.: 97,00).',
  date: 'Informe uma data válida (dd/mm/aaaa).',
  futureDate: 'A data do pagamento não pode estar no futuro.',
  month: 'Informe o mês no formato AAAA-MM.',
  status: 'Status inválido.',
  format: 'Formato inválido: use csv ou pdf.',
  chargeNotFound: 'Cobrança não encontrada.',
  notPending: 'Esta cobrança não está pendente.',
  statementType: 'Envie o extrato como arquivo CSV (texto).',
  statementTooLarge: 'O extrato deve ter no máximo 2 MB.',
  statementUnreadable: 'Não foi possível ler o extrato. Verifique se é um CSV em UTF-8.',
  reprocessFailed: 'Não foi possível iniciar o reprocessamento. Tente novamente mais tarde.',
  tooManyLines: `No máximo ${STATEMENT_MAX_ROWS} linhas por importação.`,
} as const
const M = ADMIN_FINANCIAL_MESSAGES

export const chargeIdParamSchema = z.object({ id: z.uuid({ message: M.chargeId }) })
export const runIdParamSchema = z.object({ runId: z.uuid({ message: M.runId }) })

export const subscriptionsQuerySchema = z.object({
  status: z.enum(['todos', ...SUBSCRIPTION_STATUSES], { error: M.status }).default('todos'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_FINANCIAL_PAGE_SIZE),
})
export type SubscriptionsQuery = z.output<typeof subscriptionsQuerySchema>

export const pendingChargesQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_FINANCIAL_PAGE_SIZE),
})

/** R$ typed the pt-BR way ('97,00', 'R$ 1.234,56') or as the wire's '97.00' → '97.00' (> 0). */
const amountDecimal = z
  .string({ error: M.amount })
  .transform((value) => parseBRLToCents(value))
  .refine((cents): cents is number => cents !== null && cents > 0 && cents <= 99_999_999_999, M.amount)
  .transform((cents) => centsToDecimal(cents as number))

/** 'YYYY-MM-DD' or 'dd/mm/aaaa' → 'YYYY-MM-DD'. */
const isoDate = z
  .string({ error: M.date })
  .trim()
  .transform((value) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? parseDateBR(value.split('-').reverse().join('/'))
      : parseDateBR(value),
  )
  .refine((value): value is string => value !== null, M.date)
  .transform((value) => value as string)

/** 'Sincronizar Pagamentos' → receive one payment by hand. */
export const markPaidSchema = z.object({
  amount: amountDecimal,
  // São Paulo's today: a payment is something that already happened.
  paidAt: isoDate.refine((value) => value <= todayISO(), M.futureDate),
})
export type MarkPaidInput = z.input<typeof markPaidSchema>

/** The lines of a previewed statement, sent back to be applied (the server reconciles them again). */
export const applyStatementSchema = z.object({
  lines: z
    .array(
      z.object({
        line: z.number().int().min(1).max(1_000_000),
        txid: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9]{1,35}$/, 'txid inválido.'),
        amountCents: z.number().int().min(1).max(99_999_999_999),
        date: isoDate,
      }),
    )
    .min(1, 'Nenhuma linha para aplicar.')
    .max(STATEMENT_MAX_ROWS, M.tooManyLines),
})
export type ApplyStatementInput = z.input<typeof applyStatementSchema>

export const reportQuerySchema = z.object({
  month: z
    .string({ error: M.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.month)
    .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, M.month),
  // 'summary': the totals only (the dialog); 'json': every row too (API consumers).
  format: z.enum(['csv', 'pdf', 'json', 'summary'], { error: M.format }).default('json'),
})

// ---- Answers

export interface AdminFinancialOverview {
  metrics: {
    /** Paid in the current São Paulo month, centavos as a '1234.56' string. */
    monthRevenue: string
    activeSubscribers: number
    trialSubscribers: number
    overdueSubscribers: number
    pendingCount: number
    pendingAmount: string
  }
  settings: {
    monthlyPrice: string
    trialDays: number
    annualDiscount: number
    /** 12 × monthly less the discount: what an annual charge is. */
    annualPrice: string
    autoBilling: boolean
    graceDays: number
    pixConfigured: boolean
  }
  /** Last 6 São Paulo months, oldest first: paid per plan. */
  revenueByMonth: { month: string; monthly: string; annual: string }[]
  /** Per plan: subscriptions not cancelled, and revenue over the last 12 months. */
  plans: { plan: SubscriptionPlan; subscribers: number; revenue12m: string }[]
  recentTransactions: RecentTransaction[]
}

export interface RecentTransaction {
  id: string
  officeName: string
  plan: SubscriptionPlan
  amount: string
  paidAt: string
  source: ChargeSource | null
}

export interface SubscriptionItem {
  id: string
  officeName: string
  plan: SubscriptionPlan
  status: SubscriptionStatus
  trialEndsAt: string
  currentPeriodEnd: string | null
  overdueSince: string | null
  createdAt: string
}

export interface SubscriptionsPage {
  items: SubscriptionItem[]
  total: number
  counts: Record<SubscriptionStatus, number>
}

export interface PendingChargeItem {
  id: string
  officeName: string
  plan: SubscriptionPlan
  amount: string
  dueAt: string
  overdue: boolean
  txid: string
  brCode: string
  periodStart: string
  periodEnd: string
}

export interface PendingChargesPage {
  items: PendingChargeItem[]
  total: number
  totalAmount: string
}

export const RECONCILE_STATUSES = [
  'matched',
  'already_paid',
  'amount_mismatch',
  'unknown',
  'cancelled',
  'duplicate',
] as const
export type ReconcileStatus = (typeof RECONCILE_STATUSES)[number]

export interface ReconcileLine {
  line: number
  date: string
  amountCents: number
  txid: string
  status: ReconcileStatus
  chargeId: string | null
  officeName: string | null
  /** The charge's amount (centavos) when a charge has this txid. */
  expectedCents: number | null
}

export interface ReconcileResult {
  lines: ReconcileLine[]
  errors: { line: number; message: string }[]
  skipped: number
  summary: Record<ReconcileStatus, number>
  /** Set by apply: how many charges this request marked paid (0 on a second import of the same file). */
  applied?: number
}

export interface ReprocessStatus {
  runId: string
  status: 'queued' | 'done' | 'failed'
  /** What the billing run did (counts by what happened), once done. */
  result: Record<string, number> | null
  finishedAt: string | null
}

/** 'Relatório Mensal': a charge belongs to the month it was issued or paid in. */
export interface MonthlyReportRow {
  officeName: string
  plan: SubscriptionPlan
  periodStart: string
  periodEnd: string
  amountCents: number
  status: ChargeStatus
  issuedAt: string
  dueAt: string
  paidAt: string | null
  paidCents: number | null
  source: ChargeSource | null
  txid: string
  issuedInMonth: boolean
  paidInMonth: boolean
}

export interface MonthlyReportTotals {
  issued: { count: number; cents: number }
  paid: { count: number; cents: number }
  /** Issued in the month and still unpaid. */
  pending: { count: number; cents: number }
  cancelled: { count: number; cents: number }
  revenueByPlan: Record<SubscriptionPlan, number>
}

export interface MonthlyReport {
  month: string
  rows: MonthlyReportRow[]
  totals: MonthlyReportTotals
}

export interface MonthlyReportSummary {
  month: string
  totals: MonthlyReportTotals
  rowCount: number
}

export const CHARGE_SOURCE_VALUES = CHARGE_SOURCES
export const SUBSCRIPTION_PLAN_VALUES = SUBSCRIPTION_PLANS
export const SUBSCRIPTION_STATUS_VALUES = SUBSCRIPTION_STATUSES
