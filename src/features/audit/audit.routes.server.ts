import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
import { csvDownload } from '../../platform/csv-download.server'
import { ApiError } from '../../platform/http-error.server'
import { validate } from '../../platform/validate.server'
import { requireOffice } from '../offices/offices.public.server'
import { auditQuery, type AuditPage } from './audit.schema'
import { recordOfficeAudit } from './audit.service.server'
import { listOfficeAudit, officeAuditCsvRows } from './audit.viewer.server'

const CSV_HEADER = ['Data/hora (UTC)', 'Membro', 'Ação', 'Entidade', 'ID', 'IP', 'Detalhes'] as const

const TAG = apiTag(
  'Auditoria',
  'Quem fez o quê e quando no escritório atual (leituras completas, exportações, exclusões…).',
)

// The office's audit trail, for its sócios ('team.manage'): always the CURRENT office of the session.
export const auditRoutes = new Hono<AppEnv>()
  .use(requireOffice('team.manage'))
  // The office may hide its viewer (Configurações Avançadas); the trail is recorded all the same.
  .use(async (c, next) => {
    if (!c.get('office').auditViewer)
      throw new ApiError(
        403,
        'audit_viewer_disabled',
        'O visualizador de auditoria está desativado nas Configurações Avançadas.',
      )
    await next()
  })
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'Auditoria do escritório atual (filtros: membro, ação, período); só sócios'),
    validate('query', auditQuery),
    async (c) => {
      const { page, ...filter } = c.req.valid('query')
      return c.json<AuditPage>(await listOfficeAudit(c.get('db'), c.get('office').id, filter, page))
    },
  )
  .get(
    '/export.csv',
    routeDoc(TAG, 'Auditoria do escritório atual em CSV (auditado); só sócios', { media: 'text/csv' }),
    validate('query', auditQuery),
    async (c) => {
      const { page: _page, ...filter } = c.req.valid('query')
      await recordOfficeAudit(c, { action: 'audit.export', entity: 'audit', details: { filter } })
      return csvDownload(
        c,
        CSV_HEADER,
        officeAuditCsvRows(c.get('db'), c.get('office').id, filter),
        'auditoria.csv',
      )
    },
  )
