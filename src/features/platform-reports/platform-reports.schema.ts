import { z } from 'zod'
import {
  MAX_CUSTOM_MONTHS,
  REPORT_FORMATS,
  REPORT_KINDS,
  REPORT_PERIODS,
  type ReportFormat,
  type ReportKind,
  type ReportPeriod,
  type ReportStatus,
} from './platform-reports.constants'

// The contract of /api/admin/reports (issue 14), shared by the routes and the page.

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1

/** The period selector: a preset, or a month range 'YYYY-MM'..'YYYY-MM' (both months included). */
const periodShape = {
  periodo: z.enum(REPORT_PERIODS, { message: 'Período inválido.' }).default('30d'),
  de: z.string().regex(MONTH, { message: 'Informe o mês inicial no formato AAAA-MM.' }).optional(),
  ate: z.string().regex(MONTH, { message: 'Informe o mês final no formato AAAA-MM.' }).optional(),
}

function checkRange(
  value: { periodo: ReportPeriod; de?: string | undefined; ate?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.periodo !== 'custom') return
  if (!value.de) ctx.addIssue({ code: 'custom', path: ['de'], message: 'Informe o mês inicial.' })
  if (!value.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'Informe o mês final.' })
  if (!value.de || !value.ate || !MONTH.test(value.de) || !MONTH.test(value.ate)) return
  const span = monthIndex(value.ate) - monthIndex(value.de)
  if (span < 0)
    ctx.addIssue({
      code: 'custom',
      path: ['ate'],
      message: 'O mês final deve ser igual ou posterior ao inicial.',
    })
  else if (span >= MAX_CUSTOM_MONTHS)
    ctx.addIssue({
      code: 'custom',
      path: ['ate'],
      message: `O período pode ter no máximo ${MAX_CUSTOM_MONTHS} meses.`,
    })
  const now = new Date()
  // São Paulo's month today (UTC−3 has no daylight saving since 2019): a range may not start in the future.
  const current = monthIndex(new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 7))
  if (monthIndex(value.de) > current)
    ctx.addIssue({ code: 'custom', path: ['de'], message: 'O mês inicial não pode estar no futuro.' })
}

export const reportPeriodQuerySchema = z.object(periodShape).superRefine(checkRange)
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuerySchema>

export const createReportSchema = z
  .object({
    tipo: z.enum(REPORT_KINDS, { message: 'Escolha o tipo de relatório.' }),
    formato: z.enum(REPORT_FORMATS, { message: 'Escolha o formato: CSV ou PDF.' }),
    ...periodShape,
  })
  .superRefine(checkRange)
export type CreateReportInput = z.infer<typeof createReportSchema>

export const reportIdParamSchema = z.object({ id: z.uuid({ message: 'Relatório inválido.' }) })

export interface WeeklyPoint {
  /** Monday of the week (São Paulo), 'YYYY-MM-DD'. */
  week: string
  count: number
}

export interface UserTypeShare {
  type: 'advogado' | 'estudante' | 'entidade'
  count: number
  /** Share of all profiles, 0..100 with one decimal. */
  percent: number
}

/** Everything the screen shows for one period. Aggregates only: no person appears in it. */
export interface PlatformReportsOverview {
  period: { periodo: ReportPeriod; from: string; to: string }
  billing: {
    revenueCents: number
    activeSubscribers: number
    trialSubscribers: number
    overdueSubscribers: number
    trialsEnded: number
    converted: number
    conversionRate: number | null
    activeAtStart: number
    cancelled: number
    churnRate: number | null
    revenueByPlan: { monthly: number; annual: number }
    monthlyRevenueSeries: { month: string; cents: number }[]
  }
  userTypes: { total: number; items: UserTypeShare[] }
  signupsPerWeek: WeeklyPoint[]
  activeUsersPerWeek: WeeklyPoint[]
}

export interface PlatformReportItem {
  id: string
  kind: ReportKind
  format: ReportFormat
  period: ReportPeriod
  periodFrom: string
  periodTo: string
  status: ReportStatus
  error: string | null
  size: number | null
  createdAt: string
  finishedAt: string | null
}

export interface PlatformReportList {
  items: PlatformReportItem[]
}
