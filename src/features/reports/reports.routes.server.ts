import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { validate } from '../../platform/validate.server'
import { requireOffice } from '../offices/offices.public.server'
import { analytics } from './analytics.service.server'
import { getOfficeLetterhead } from '../office-settings/office-settings.public.server'
import { csvResponse, pdfDownload, zipDownload } from './reports.export.server'
import { REPORT_KINDS, reportPeriodQuery, type Analytics, type Period, type Report } from './reports.schema'
import { reportScope } from './reports.scope.server'
import { buildReport } from './reports.service.server'

const scopeOf = (c: Context<AppEnv>) => reportScope(c.get('office'))

const allReports = (c: Context<AppEnv>, period: Period) =>
  Promise.all(REPORT_KINDS.map((kind) => buildReport(c.get('db'), scopeOf(c), kind, period)))

// Relatórios and Analytics (issue 11). 'Full reports' (spec §6): the sócio sees the office; the associado's
// partial cell is narrowed by reportScope to their cases and their hours in every report, export and card;
// estagiário and assistente are refused by requireOffice.
export const reportRoutes = new Hono<AppEnv>()
  .use(requireOffice('reports.full'))
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  .get('/analytics', validate('query', reportPeriodQuery), async (c) => {
    return c.json<Analytics>(await analytics(c.get('db'), scopeOf(c), c.req.valid('query')))
  })
  // 'Exportar Relatórios': the three reports of the period in one PDF, or a zip of their CSVs.
  .get('/export.pdf', validate('query', reportPeriodQuery), async (c) => {
    const period = c.req.valid('query')
    const [reports, letterhead] = await Promise.all([
      allReports(c, period),
      getOfficeLetterhead(c.get('db'), c.get('office').id),
    ])
    return pdfDownload(reports, letterhead, period)
  })
  .get('/export.zip', validate('query', reportPeriodQuery), async (c) => {
    const period = c.req.valid('query')
    return zipDownload(await allReports(c, period), period)
  })

for (const kind of REPORT_KINDS) {
  reportRoutes
    .get(`/${kind}`, validate('query', reportPeriodQuery), async (c) => {
      return c.json<Report>(await buildReport(c.get('db'), scopeOf(c), kind, c.req.valid('query')))
    })
    .get(`/${kind}/export.csv`, validate('query', reportPeriodQuery), async (c) => {
      return csvResponse(await buildReport(c.get('db'), scopeOf(c), kind, c.req.valid('query')))
    })
    .get(`/${kind}/export.pdf`, validate('query', reportPeriodQuery), async (c) => {
      const period = c.req.valid('query')
      const [report, letterhead] = await Promise.all([
        buildReport(c.get('db'), scopeOf(c), kind, period),
        getOfficeLetterhead(c.get('db'), c.get('office').id),
      ])
      return pdfDownload([report], letterhead, period)
    })
}
