import { pipeline, Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { CSV_CONTENT_TYPE } from '../../lib/csv'
import { ApiError, notFound } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { ADMIN_API_TAG, routeDoc } from '../../platform/route-doc.server'
import { getStorage, verifyingStream } from '../../platform/storage.server'
import { validate } from '../../platform/validate.server'
import { requireRole } from '../auth/auth.public.server'
import { PLATFORM_REPORT_BUILD_JOB, REPORT_ERRORS } from './platform-reports.jobs.server'
import { reportsOverview, resolveWindow } from './platform-reports.metrics.server'
import {
  createReportSchema,
  reportIdParamSchema,
  reportPeriodQuerySchema,
  type PlatformReportItem,
  type PlatformReportList,
  type PlatformReportsOverview,
} from './platform-reports.schema'
import {
  deleteReport,
  getReport,
  insertReport,
  listReports,
  reportFilename,
  REPORTS_AREA,
  toReportItem,
} from './platform-reports.service.server'
import { platformReports } from './platform-reports.table.server'

export const PLATFORM_REPORTS_MESSAGES = {
  notReady: 'Este relatório ainda não está concluído.',
  fileUnavailable: 'O arquivo deste relatório não está disponível.',
} as const

/**
 * /api/admin/reports (issue 14): the business figures and the generated reports. Mounted inside the admin
 * router, whose requireRole('superadmin') runs first; repeated here so the routes stay superadmin-only
 * wherever they are mounted (deny by default).
 */
export const platformReportsRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .get(
    '/overview',
    routeDoc(
      ADMIN_API_TAG,
      'Relatórios de negócio de um período: receita, assinantes, conversão, churn, tipos de usuário, cadastros e usuários ativos por semana — superadmin',
    ),
    validate('query', reportPeriodQuerySchema),
    async (c) => {
      const window = await resolveWindow(c.get('db'), c.req.valid('query'))
      return c.json<PlatformReportsOverview>(await reportsOverview(c.get('db'), window))
    },
  )
  .get(
    '/',
    routeDoc(ADMIN_API_TAG, 'Relatórios recentes gerados (status Processando/Concluído/Erro) — superadmin'),
    async (c) => c.json<PlatformReportList>({ items: await listReports(c.get('db')) }),
  )
  // 'Gerar relatório': the row ('Processando') now, the file in the background (pg-boss).
  .post(
    '/',
    routeDoc(ADMIN_API_TAG, 'Gera um relatório (CSV ou PDF, só agregados) em segundo plano — superadmin', {
      status: 201,
    }),
    validate('json', createReportSchema),
    async (c) => {
      const input = c.req.valid('json')
      const window = await resolveWindow(c.get('db'), input)
      const row = await insertReport(c.get('db'), {
        kind: input.tipo,
        format: input.formato,
        window,
        requestedBy: c.get('user')?.id ?? null,
      })
      try {
        await c.get('deps').jobs.send(PLATFORM_REPORT_BUILD_JOB, { reportId: row.id })
      } catch (error) {
        log.error('platform report not queued', { error })
        const [failed] = await c
          .get('db')
          .update(platformReports)
          .set({ status: 'erro', error: REPORT_ERRORS.queue, finishedAt: new Date() })
          .where(eq(platformReports.id, row.id))
          .returning()
        return c.json<PlatformReportItem>(toReportItem(failed ?? row), 201)
      }
      return c.json<PlatformReportItem>(toReportItem(row), 201)
    },
  )
  .get(
    '/:id/download',
    routeDoc(ADMIN_API_TAG, 'Baixa o arquivo de um relatório concluído — superadmin', { media: 'text/csv' }),
    validate('param', reportIdParamSchema),
    async (c) => {
      const row = await getReport(c.get('db'), c.req.valid('param').id)
      if (!row) throw notFound()
      if (row.status !== 'concluido' || !row.storageKey || !row.sha256 || row.size === null)
        throw new ApiError(409, 'not_ready', PLATFORM_REPORTS_MESSAGES.notReady)
      const source = await getStorage(c.get('deps').env).getStream(REPORTS_AREA, row.storageKey)
      if (!source) throw new ApiError(500, 'file_unavailable', PLATFORM_REPORTS_MESSAGES.fileUnavailable)
      const verified = pipeline(source, verifyingStream({ size: row.size, sha256: row.sha256 }), (error) => {
        if (error) log.error('platform report download failed', { error })
      })
      return new Response(Readable.toWeb(verified) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: {
          'Content-Type': row.format === 'csv' ? CSV_CONTENT_TYPE : 'application/pdf',
          'Content-Length': String(row.size),
          'Content-Disposition': contentDisposition('attachment', reportFilename(row)),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      })
    },
  )
  .delete(
    '/:id',
    routeDoc(ADMIN_API_TAG, 'Exclui um relatório e seu arquivo — superadmin', { status: 204 }),
    validate('param', reportIdParamSchema),
    async (c) => {
      const removed = await deleteReport(c.get('db'), c.get('deps').env, c.req.valid('param').id)
      if (!removed) throw notFound()
      return c.body(null, 204)
    },
  )
