/** What a report covers: 'usuarios' → 'Usuários', 'engajamento', 'receita', 'assinaturas' (labels in i18n). */
export const REPORT_KINDS = ['usuarios', 'engajamento', 'receita', 'assinaturas'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

export const REPORT_FORMATS = ['csv', 'pdf'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]

/** Spec §4 "Reports: Concluído, Processando"; 'erro' when the file could not be made. */
export const REPORT_STATUSES = ['processando', 'concluido', 'erro'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** The period selector: last 30 / 90 days, last 12 months (calendar, São Paulo), or a month range. */
export const REPORT_PERIODS = ['30d', '90d', '12m', 'custom'] as const
export type ReportPeriod = (typeof REPORT_PERIODS)[number]

/** A custom month range spans at most this many months (a 10-year weekly series helps nobody). */
export const MAX_CUSTOM_MONTHS = 36

/** How many recent reports the list shows. */
export const RECENT_REPORTS_LIMIT = 20
