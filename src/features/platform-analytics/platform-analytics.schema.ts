import { z } from 'zod'
import '../../lib/zod-pt-br'

// Contracts of the analytics beacon (POST /api/analytics/view, anyone) and of /api/admin/analytics
// (superadmin only), shared by the browser and the server routes.

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

/** The tab's random visit id: letters, digits, '-' and '_' (browser-made, never tied to an account). */
export const VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/

export const viewBeaconSchema = z.object({
  visitId: z.string({ error: 'Visita inválida' }).regex(VISIT_ID_PATTERN, 'Visita inválida'),
  /** The route pattern (or a path the server reduces to its pattern). */
  path: z
    .string({ error: 'Página inválida' })
    .min(1, 'Página inválida')
    .max(300, 'Página inválida')
    .startsWith('/', 'Página inválida'),
})
export type ViewBeacon = z.output<typeof viewBeaconSchema>

export const ANALYTICS_PERIODS = [7, 30, 90] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]

export const analyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'Período inválido: escolha 7, 30 ou 90 dias' })
    .default('7')
    .transform((value) => Number(value) as AnalyticsPeriod),
})
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>

/** How many rows the top lists show. */
export const TOP_LIMIT = 10

export interface AnalyticsOverview {
  days: AnalyticsPeriod
  /** First and last day of the period (America/Sao_Paulo dates, YYYY-MM-DD). */
  from: string
  to: string
  /** Visits with a page view in the last 5 minutes. */
  onlineUsers: number
  pageViews: number
  visits: number
  /** Mean of (last view − first view) over the period's visits; null without visits. */
  avgSessionSeconds: number | null
  /** Share (0–1) of visits with one page view; null without visits. */
  bounceRate: number | null
  viewsPerDay: { day: string; views: number }[]
  devices: { device: DeviceClass; visits: number }[]
  /** Profiles per state (the state chosen on each profile), most first. */
  locations: { uf: string; nome: string; profiles: number }[]
  topPages: { pattern: string; views: number }[]
  topFlows: { from: string; to: string; count: number }[]
}
