import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { noStore } from '../../platform/no-store.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireOffice } from '../offices/offices.public.server'
import { analytics } from './analytics.service.server'
import { getOfficeLetterhead } from '../office-settings/office-settings.public.server'
import { csvResponse, pdfDownload, zipDownload } from './reports.export.server'
import {
  REPORT_KINDS,
  reportPeriodQuery,
  type Analytics,
  type Period,
  type Report,
  type ReportKind,
} from './reports.schema'
import { reportScope } from './reports.scope.server'
import { buildReport } from './reports.service.server'

const TAG = apiTag('Relatórios', 'Relatórios e analytics do escritório atual.')

/** Each report's summary, and the name its CSV and PDF exports go by. */
const REPORT_DOCS: Record<ReportKind, { summary: string; name: string }> = {
  area: { summary: 'Relatório: desempenho por área jurídica no período', name: 'Desempenho por área' },
  horas: { summary: 'Relatório: horas faturáveis por membro e por processo', name: 'Horas faturáveis' },
  pipeline: {
    summary: 'Relatório: pipeline de casos (status, fluxo mensal, tempos)',
    name: 'Pipeline de casos',
  },
}

const scopeOf = (c: Context<AppEnv>) => reportScope(c.get('office'))

const allReports = (c: Context<AppEnv>, period: Period) =>
  Promise.all(REPORT_KINDS.map((kind) => buildReport(c.get('db'), scopeOf(c), kind, period)))

// Relatórios and Analytics (issue 11). 'Full reports' (spec §6): the sócio sees the office; the associado's
// partial cell is narrowed by reportScope to their cases and their hours in every report, export and card;
// estagiário and assistente are refused by requireOffice.
export const reportRoutes = new Hono<AppEnv>()
  .use(requireOffice('reports.full'))
  .use(noStore())
  .get(
    '/analytics',
    routeDoc(TAG, 'Analytics do escritório: cartões, áreas, equipe e qualidade'),
    validate('query', reportPeriodQuery),
    async (c) => {
      return c.json<Analytics>(await analytics(c.get('db'), scopeOf(c), c.req.valid('query')))
    },
  )
  // 'Exportar Relatórios': the three reports of the period in one PDF, or a zip of their CSVs.
  .get(
    '/export.pdf',
    routeDoc(TAG, 'Os três relatórios num PDF', { media: 'application/pdf' }),
    validate('query', reportPeriodQuery),
    async (c) => {
      const period = c.req.valid('query')
      const [reports, letterhead] = await Promise.all([
        allReports(c, period),
        getOfficeLetterhead(c.get('db'), c.get('office').id),
      ])
      return pdfDownload(reports, letterhead, period)
    },
  )
  .get(
    '/export.zip',
    routeDoc(TAG, 'Os três relatórios em CSV, num zip', { media: 'application/zip' }),
    validate('query', reportPeriodQuery),
    async (c) => {
      const period = c.req.valid('query')
      return zipDownload(await allReports(c, period), period)
    },
  )

for (const kind of REPORT_KINDS) {
  const { summary, name } = REPORT_DOCS[kind]
  reportRoutes
    .get(`/${kind}`, routeDoc(TAG, summary), validate('query', reportPeriodQuery), async (c) => {
      return c.json<Report>(await buildReport(c.get('db'), scopeOf(c), kind, c.req.valid('query')))
    })
    .get(
      `/${kind}/export.csv`,
      routeDoc(TAG, `${name} em CSV`, { media: 'text/csv' }),
      validate('query', reportPeriodQuery),
      async (c) => {
        return csvResponse(await buildReport(c.get('db'), scopeOf(c), kind, c.req.valid('query')))
      },
    )
    .get(
      `/${kind}/export.pdf`,
      routeDoc(TAG, `${name} em PDF`, { media: 'application/pdf' }),
      validate('query', reportPeriodQuery),
      async (c) => {
        const period = c.req.valid('query')
        const [report, letterhead] = await Promise.all([
          buildReport(c.get('db'), scopeOf(c), kind, period),
          getOfficeLetterhead(c.get('db'), c.get('office').id),
        ])
        return pdfDownload([report], letterhead, period)
      },
    )
}
