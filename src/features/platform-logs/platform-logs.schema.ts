import { z } from 'zod'
import '../../lib/zod-pt-br'

// Contract of /api/admin/logs (superadmin only), shared by the /admin/logs screen and the server routes.

export const PLATFORM_EVENT_KINDS = [
  'login',
  'login_falhou',
  'bloqueio_conta',
  'novo_usuario',
  'permissao',
  'backup',
  'backup_falhou',
  'erro_servidor',
  // Platform subscriptions (issue 14): status and plan changes, ids only.
  'assinatura',
  // Outside services (issue 27): DataJud refused the platform's key (the CNJ rotated its public key).
  'integracao',
] as const
export type PlatformEventKind = (typeof PLATFORM_EVENT_KINDS)[number]

export const EVENT_SEVERITIES = ['info', 'aviso', 'erro'] as const
export type EventSeverity = (typeof EVENT_SEVERITIES)[number]

/** Spec §9: the logs page shows 6 per page. */
export const LOGS_PAGE_SIZE = 6
/**
 * The count beside the pager ('1-6 de N') is exact up to this many matching events and "mais de" beyond:
 * an exact count(*) over 10 M rows costs seconds on every page. Pages reach the newest COUNT_CAP events of
 * a filter; older ones are found by narrowing (kind, search).
 */
export const LOGS_COUNT_CAP = 10_000
export const LOGS_MAX_PAGE = Math.ceil(LOGS_COUNT_CAP / LOGS_PAGE_SIZE)

export const logsQuerySchema = z.object({
  kind: z.enum(['todos', ...PLATFORM_EVENT_KINDS], { error: 'Tipo de evento inválido' }).default('todos'),
  search: z.string().trim().max(100, 'Busca: máximo de 100 caracteres').optional(),
  page: z.coerce
    .number({ error: 'Página inválida' })
    .int('Página inválida')
    .min(1, 'Página inválida')
    .max(LOGS_MAX_PAGE, `Página: no máximo ${LOGS_MAX_PAGE}`)
    .default(1),
})
export type LogsQuery = z.output<typeof logsQuerySchema>

export interface PlatformEventItem {
  id: number
  at: string
  kind: PlatformEventKind
  severity: EventSeverity
  actorUserId: string | null
  /** The actor's profile name, for the superadmin's eyes (never stored in the event). */
  actorName: string | null
  targetUserId: string | null
  targetName: string | null
  ip: string | null
  requestId: string | null
  details: Record<string, unknown>
}

export interface PlatformEventsPage {
  items: PlatformEventItem[]
  /** Matching events, exact when `capped` is false; otherwise "more than `total`". */
  total: number
  capped: boolean
  page: number
  pageSize: number
}

export const ALERT_CHECKS = [
  'disco',
  'crescimento_banco',
  'jobs_falhos',
  'backup_falhou',
  'taxa_erros',
] as const
export type AlertCheck = (typeof ALERT_CHECKS)[number]

export interface PlatformAlertItem {
  id: string
  check: AlertCheck
  severity: EventSeverity
  status: 'aberto' | 'resolvido'
  details: Record<string, number>
  openedAt: string
  lastSeenAt: string
  resolvedAt: string | null
}

export interface LogsSummary {
  /** Counts over the last 24 hours, each capped at SUMMARY_COUNT_CAP (`capped` says which were). */
  last24h: {
    events: number
    logins: number
    failedLogins: number
    serverErrors: number
  }
  capped: Array<'events' | 'logins' | 'failedLogins' | 'serverErrors'>
  openAlerts: number
  /** Open alerts first, then the latest resolved ones. */
  alerts: PlatformAlertItem[]
  /** When the monitor last ran (null before its first run). */
  lastCheckAt: string | null
}

export const SUMMARY_COUNT_CAP = 100_000
