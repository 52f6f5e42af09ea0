import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { todayISO } from '../../lib/br/dates'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
import { csvDownload } from '../../platform/csv-download.server'
import { notFound } from '../../platform/http-error.server'
import { officeActor, requireOffice } from '../offices/offices.public.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import {
  CASE_MESSAGES,
  caseExportQuerySchema,
  caseListQuerySchema,
  caseListSchema,
  caseOptionsQuerySchema,
  createCaseSchema,
  updateCaseSchema,
  type Case,
  type CaseList,
  type CaseMemberOption,
  type CaseOption,
  type CaseStats,
  type DeleteCaseResult,
} from './cases.schema'
import { CASE_CSV_HEADER, exportCaseRows } from './cases.export.server'
import { listCaseMemberOptions } from './cases.members.server'
import {
  createCase,
  deleteCase,
  getCase,
  getCaseStats,
  listCaseOptions,
  listCases,
  restoreCase,
  updateCase,
  type CaseActor,
} from './cases.service.server'

const uuid = z.uuid()

/** The :id of the path; anything that is not a uuid can't be a case, so it is a 404 like a missing one. */
function caseId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!uuid.safeParse(id).success) throw notFound(CASE_MESSAGES.notFound)
  return id as string
}

/**
 * The caller as the service sees it: office, membership and, for a level whose cell is partial (the
 * estagiário), the restriction to their own cases. Every route passes it: none reads the bare office.
 */
function actor(c: Context<AppEnv>): CaseActor {
  const office = c.get('office')
  return { ...officeActor(office, 'cases.view'), memberId: office.memberId }
}

function orNotFound<T>(value: T | null): T {
  if (value === null) throw notFound(CASE_MESSAGES.notFound)
  return value
}

// Spec §6: reading cases needs 'cases.view', changing them 'cases.edit', deleting 'cases.delete'. The
// capability check runs before validation on every route (anonymous → 401, no capability → 403);
// another office's case — or, for the estagiário, a case they are not responsible for — is 404.
const canView = requireOffice('cases.view')
const canEdit = requireOffice('cases.edit')
const canDelete = requireOffice('cases.delete')

const TAG = apiTag('Processos', 'Processos do escritório da sessão.')

export const caseRoutes = new Hono<AppEnv>()
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'Lista os processos do escritório (busca, filtro, páginas)', { response: caseListSchema }),
    canView,
    validate('query', caseListQuerySchema),
    async (c) => {
      return c.json<CaseList>(await listCases(c.get('db'), actor(c), c.req.valid('query')))
    },
  )
  .get('/stats', routeDoc(TAG, 'Totais de processos por situação'), canView, async (c) => {
    return c.json<CaseStats>(await getCaseStats(c.get('db'), actor(c)))
  })
  .get(
    '/options',
    routeDoc(TAG, 'Processos para escolher num formulário (id, título e número)'),
    canView,
    validate('query', caseOptionsQuerySchema),
    async (c) => {
      const { search, clientId } = c.req.valid('query')
      const items = await listCaseOptions(c.get('db'), actor(c), search, clientId)
      return c.json<{ items: CaseOption[] }>({ items })
    },
  )
  // The case form's responsible-members multi-select: whoever may open the form may pick.
  .get(
    '/member-options',
    routeDoc(TAG, 'Membros ativos que podem ser responsáveis por um processo'),
    canEdit,
    async (c) => {
      const items = await listCaseMemberOptions(c.get('db'), actor(c))
      return c.json<{ items: CaseMemberOption[] }>({ items })
    },
  )
  .get(
    '/export.csv',
    routeDoc(TAG, 'Exporta os processos em CSV (auditado)', { media: 'text/csv' }),
    canView,
    validate('query', caseExportQuerySchema),
    async (c) => {
      const scope = actor(c)
      const filter = { ...c.req.valid('query'), memberId: scope.restrictTo ?? undefined }
      await recordOfficeAudit(c, {
        action: 'case.export',
        entity: 'case',
        details: { search: filter.search ?? null, status: filter.status },
      })
      return csvDownload(
        c,
        CASE_CSV_HEADER,
        exportCaseRows(c.get('db'), c.get('office').id, filter),
        `casos-${todayISO()}.csv`,
      )
    },
  )
  // A case carries its client's id and name only (the same as the unaudited list), never the client's
  // contact data or document: reading it is not a personal-data read, so GET /:id writes no row.
  .get('/:id', routeDoc(TAG, 'Dados de um processo'), canView, async (c) => {
    return c.json<Case>(orNotFound(await getCase(c.get('db'), actor(c), caseId(c))))
  })
  // Every change and its audit row run in ONE transaction: neither commits without the other.
  .post(
    '/',
    routeDoc(TAG, 'Cadastra um processo', { status: 201 }),
    canEdit,
    validate('json', createCaseSchema),
    async (c) => {
      const who = actor(c)
      const created = await c.get('db').transaction(async (tx) => {
        const row = await createCase(tx, who, c.req.valid('json'))
        await recordOfficeAudit(c, { action: 'case.create', entity: 'case', entityId: row.id }, tx)
        return row
      })
      return c.json<Case>(created, 201)
    },
  )
  .patch(
    '/:id',
    routeDoc(TAG, 'Altera um processo'),
    canEdit,
    validate('json', updateCaseSchema),
    async (c) => {
      const id = caseId(c)
      const data = c.req.valid('json')
      const who = actor(c)
      const updated = await c.get('db').transaction(async (tx) => {
        const row = orNotFound(await updateCase(tx, who, id, data))
        // The names of the fields sent, never their values.
        const fields = Object.keys(data).filter((key) => data[key as keyof typeof data] !== undefined)
        await recordOfficeAudit(
          c,
          { action: 'case.update', entity: 'case', entityId: id, details: { fields } },
          tx,
        )
        return row
      })
      return c.json<Case>(updated)
    },
  )
  .delete('/:id', routeDoc(TAG, 'Exclui um processo (pode ser restaurado)'), canDelete, async (c) => {
    const id = caseId(c)
    const who = actor(c)
    const result = await c.get('db').transaction(async (tx) => {
      const removed = orNotFound(await deleteCase(tx, who, id))
      await recordOfficeAudit(c, { action: 'case.delete', entity: 'case', entityId: id }, tx)
      return removed
    })
    return c.json<DeleteCaseResult>(result)
  })
  .post('/:id/restore', routeDoc(TAG, 'Restaura um processo excluído'), canDelete, async (c) => {
    const id = caseId(c)
    const who = actor(c)
    const restored = await c.get('db').transaction(async (tx) => {
      const row = orNotFound(await restoreCase(tx, who, id))
      await recordOfficeAudit(c, { action: 'case.restore', entity: 'case', entityId: id }, tx)
      return row
    })
    return c.json<Case>(restored)
  })
