import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { JobsNotStartedError } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { getPlatformSettings } from '../platform-settings/platform-settings.public.server'
import {
  casePrefill,
  linkCase,
  linkPrazo,
  prazoEventExists,
  prazoPrefill,
  reachableCase,
  setStatus,
  visibleRow,
} from './publications.actions.server'
import { getAndamentos, refreshAndamentos } from './publications.andamentos.server'
import {
  CaptureRunningError,
  captureStatus,
  markRunFailed,
  openCaptureRun,
  toCaptureRun,
} from './publications.capture.server'
import { streamCertidao } from './publications.certidao.server'
import { CAPTURE_JOB } from './publications.jobs.server'
import { addOab, listOabs, removeOab } from './publications.oabs.server'
import {
  andamentosCaseParam,
  oabIdParam,
  oabInput,
  PUBLICATIONS_MESSAGES,
  publicationCaseInput,
  publicationIdParam,
  publicationListQuery,
  publicationPrazoInput,
  publicationStatusInput,
  type Andamentos,
  type CaptureRun,
  type CaptureStatus,
  type CasePrefill,
  type MonitoredOab,
  type PrazoPrefill,
  type PublicationCount,
  type PublicationFilters,
  type PublicationItem,
  type PublicationList,
  type PublicationStats,
} from './publications.schema'
import {
  getPublication,
  listPublications,
  publicationCount,
  publicationFilters,
  publicationStats,
} from './publications.service.server'
import { publicationScope, type PublicationScope } from './publications.visibility.server'

const TAG = apiTag(
  'Publicações',
  'Publicações e intimações do DJEN capturadas por OAB e número de processo, andamentos do DataJud/CNJ.',
)

const M = PUBLICATIONS_MESSAGES
const scope = (c: Context<AppEnv>): PublicationScope => publicationScope(c.get('office'))

async function itemOrNotFound(c: Context<AppEnv>, id: string): Promise<PublicationItem> {
  const item = await getPublication(c.get('db'), scope(c), id)
  if (!item) throw notFound(M.notFound)
  return item
}

/** /api/publications (issue 27). Every route: an office member ('publications'); OAB changes: sócios. */
export const publicationsRoutes = new Hono<AppEnv>()
  .use(requireOffice('publications'))
  .get(
    '/',
    routeDoc(
      TAG,
      'Lista as publicações visíveis (filtros: status, tribunal, OAB, período, busca; paginação por cursor)',
    ),
    validate('query', publicationListQuery),
    async (c) => {
      return c.json<PublicationList>(await listPublications(c.get('db'), scope(c), c.req.valid('query')))
    },
  )
  .get(
    '/stats',
    routeDoc(TAG, 'Cards: não tratadas, recebidas hoje, prazos criados e canceladas'),
    async (c) => c.json<PublicationStats>(await publicationStats(c.get('db'), scope(c))),
  )
  .get('/count', routeDoc(TAG, "Contador 'Publicações não tratadas' do painel"), async (c) =>
    c.json<PublicationCount>(await publicationCount(c.get('db'), scope(c))),
  )
  .get('/filters', routeDoc(TAG, 'Opções dos filtros: tribunais e OABs monitoradas'), async (c) =>
    c.json<PublicationFilters>(await publicationFilters(c.get('db'), scope(c))),
  )
  .get(
    '/capture',
    routeDoc(TAG, 'Estado da captura: busca em andamento, última busca, próxima tentativa'),
    async (c) => c.json<CaptureStatus>(await captureStatus(c.get('db'), c.get('office').id)),
  )
  .post(
    '/capture',
    routeDoc(TAG, "'Buscar agora': inicia a captura do escritório em segundo plano (uma por vez)", {
      status: 201,
    }),
    async (c) => {
      const office = c.get('office')
      if (!(await getPlatformSettings(c.get('db'))).publicationsCapture)
        throw new ApiError(409, 'capture_disabled', M.captureDisabled)
      let run
      try {
        run = await openCaptureRun(c.get('db'), office.id, 'manual', office.userId)
      } catch (error) {
        if (error instanceof CaptureRunningError) throw new ApiError(409, 'capture_running', M.captureRunning)
        throw error
      }
      // After the insert committed: the job must find the run.
      try {
        await c.get('deps').jobs.send(CAPTURE_JOB, { runId: run.id })
      } catch (error) {
        // A node without the job runner cannot start it: the run is closed at once, never left 'running'.
        if (!(error instanceof JobsNotStartedError))
          log.error('publications: busca não enfileirada', { error })
        run = await markRunFailed(c.get('db'), run.id, 'a busca não pôde ser iniciada; tente novamente')
      }
      return c.json<CaptureRun>(toCaptureRun(run), 201)
    },
  )
  .get('/oabs', routeDoc(TAG, "'OABs monitoradas' do escritório"), async (c) =>
    c.json<MonitoredOab[]>(await listOabs(c.get('db'), c.get('office').id)),
  )
  .post(
    '/oabs',
    routeDoc(TAG, 'Adiciona uma OAB monitorada (número e UF) — sócios', { status: 201 }),
    requireOffice('publications.oabs'),
    validate('json', oabInput),
    async (c) => {
      const input = c.req.valid('json')
      const office = c.get('office')
      const oab = await c.get('db').transaction(async (tx) => {
        const created = await addOab(tx, office.id, office.userId, input)
        if (!created) throw new ApiError(409, 'oab_exists', M.oabExists, { numero: M.oabExists })
        await recordOfficeAudit(
          c,
          { action: 'publication_oab.create', entity: 'publication_oab', entityId: created.id },
          tx,
        )
        return created
      })
      return c.json<MonitoredOab>(oab, 201)
    },
  )
  .delete(
    '/oabs/:id',
    routeDoc(TAG, 'Remove uma OAB monitorada adicionada manualmente — sócios', { status: 204 }),
    requireOffice('publications.oabs'),
    validate('param', oabIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      await c.get('db').transaction(async (tx) => {
        const result = await removeOab(tx, c.get('office').id, id)
        if (result === 'not_found') throw notFound(M.oabNotFound)
        if (result === 'from_profile') throw new ApiError(409, 'oab_from_profile', M.oabFromProfile)
        await recordOfficeAudit(
          c,
          { action: 'publication_oab.delete', entity: 'publication_oab', entityId: id },
          tx,
        )
      })
      return c.body(null, 204)
    },
  )
  .get(
    '/andamentos/:caseId',
    routeDoc(TAG, 'Andamentos do caso no DataJud/CNJ (última atualização)'),
    validate('param', andamentosCaseParam),
    async (c) => {
      return c.json<Andamentos>(await getAndamentos(c.get('db'), scope(c), c.req.valid('param').caseId))
    },
  )
  .post(
    '/andamentos/:caseId',
    routeDoc(TAG, "'Atualizar andamentos': consulta o DataJud/CNJ agora"),
    validate('param', andamentosCaseParam),
    async (c) => {
      const requestId = c.get('requestId') ?? null
      return c.json<Andamentos>(
        await refreshAndamentos(c.get('deps'), scope(c), c.req.valid('param').caseId, requestId),
      )
    },
  )
  .get('/:id', routeDoc(TAG, 'Uma publicação'), validate('param', publicationIdParam), async (c) => {
    return c.json<PublicationItem>(await itemOrNotFound(c, c.req.valid('param').id))
  })
  .post(
    '/:id/status',
    routeDoc(TAG, "'Marcar como tratada' (ou voltar a não tratada)"),
    validate('param', publicationIdParam),
    validate('json', publicationStatusInput),
    async (c) => {
      const { id } = c.req.valid('param')
      const { status } = c.req.valid('json')
      await c.get('db').transaction(async (tx) => {
        const row = await visibleRow(tx, scope(c), id, true)
        if (!row) throw notFound(M.notFound)
        if (row.status === 'cancelada') throw new ApiError(409, 'cancelled', M.cancelledLocked)
        await setStatus(tx, scope(c), row, status)
        await recordOfficeAudit(
          c,
          {
            action: status === 'tratada' ? 'publication.treat' : 'publication.reopen',
            entity: 'publication',
            entityId: id,
          },
          tx,
        )
      })
      return c.json<PublicationItem>(await itemOrNotFound(c, id))
    },
  )
  .put(
    '/:id/case',
    routeDoc(TAG, "'Vincular a um caso' (ou desvincular)"),
    validate('param', publicationIdParam),
    validate('json', publicationCaseInput),
    async (c) => {
      const { id } = c.req.valid('param')
      const { caseId } = c.req.valid('json')
      await c.get('db').transaction(async (tx) => {
        const row = await visibleRow(tx, scope(c), id, true)
        if (!row) throw notFound(M.notFound)
        if (caseId !== null && !(await reachableCase(tx, scope(c), caseId)))
          throw new ApiError(400, 'validation', M.invalidCase, { caseId: M.invalidCase })
        await linkCase(tx, scope(c), row, caseId)
        await recordOfficeAudit(
          c,
          { action: 'publication.link_case', entity: 'publication', entityId: id, details: { caseId } },
          tx,
        )
      })
      // The item now follows the case's visibility: a member may no longer see it (then 204, nothing to show).
      const item = await getPublication(c.get('db'), scope(c), id)
      return item ? c.json<PublicationItem>(item) : c.body(null, 204)
    },
  )
  .get(
    '/:id/prazo-prefill',
    routeDoc(
      TAG,
      "'Criar prazo': dados iniciais do prazo (disponibilização, tribunal, caso, dias sugeridos)",
    ),
    validate('param', publicationIdParam),
    async (c) => {
      const row = await visibleRow(c.get('db'), scope(c), c.req.valid('param').id)
      if (!row) throw notFound(M.notFound)
      if (row.status === 'cancelada') throw new ApiError(409, 'cancelled', M.cancelledNoPrazo)
      return c.json<PrazoPrefill>(await prazoPrefill(c.get('db'), scope(c), row))
    },
  )
  .post(
    '/:id/prazo',
    routeDoc(TAG, 'Registra o prazo criado a partir da publicação (conta em Prazos criados)'),
    validate('param', publicationIdParam),
    validate('json', publicationPrazoInput),
    async (c) => {
      const { id } = c.req.valid('param')
      const { eventId } = c.req.valid('json')
      await c.get('db').transaction(async (tx) => {
        const row = await visibleRow(tx, scope(c), id, true)
        if (!row) throw notFound(M.notFound)
        if (!(await prazoEventExists(tx, c.get('office').id, eventId)))
          throw new ApiError(400, 'validation', M.eventNotFound, { eventId: M.eventNotFound })
        await linkPrazo(tx, scope(c), row, eventId)
        await recordOfficeAudit(
          c,
          { action: 'publication.prazo', entity: 'publication', entityId: id, details: { eventId } },
          tx,
        )
      })
      return c.json<PublicationItem>(await itemOrNotFound(c, id))
    },
  )
  .get(
    '/:id/case-prefill',
    routeDoc(TAG, "'Criar caso': dados iniciais do caso (número, tribunal, vara)"),
    validate('param', publicationIdParam),
    async (c) => {
      const row = await visibleRow(c.get('db'), scope(c), c.req.valid('param').id)
      if (!row) throw notFound(M.notFound)
      return c.json<CasePrefill>(casePrefill(row))
    },
  )
  .get(
    '/:id/certidao',
    routeDoc(TAG, "'Ver certidão': a certidão da publicação no DJEN (PDF)", { media: 'application/pdf' }),
    validate('param', publicationIdParam),
    async (c) => {
      const row = await visibleRow(c.get('db'), scope(c), c.req.valid('param').id)
      if (!row) throw notFound(M.notFound)
      return streamCertidao(c.get('deps'), row)
    },
  )
