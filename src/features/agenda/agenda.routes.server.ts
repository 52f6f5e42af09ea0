import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
import { notFound } from '../../platform/http-error.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { can, requireOffice } from '../offices/offices.public.server'
import { runPrazoCreatedHooks } from './prazo-created-hooks.server'
import {
  addClosedDay,
  closedDaysOfYear,
  computePrazo,
  listCourts,
  prazoAvisoDias,
  removeClosedDay,
  setPrazoAvisoDias,
} from './agenda.courts.server'
import { createFeed, feedStatus, feedUrls, renderFeed, revokeFeed } from './agenda.feed.server'
import { syncReminder } from './agenda.jobs.server'
import {
  AGENDA_MESSAGES,
  agendaSettingsInput,
  closedDayInput,
  closedDayParam,
  closedDaysQuery,
  eventInput,
  eventListQuery,
  eventUpdate,
  prazoCalcInput,
  prazoCreateInput,
  tribunalParam,
  type AgendaSettings,
  type AgendaStats,
  type CourtClosedDays,
  type CourtInfo,
  type FeedCreated,
  type FeedStatus,
} from './agenda.schema'
import { eventListSchema, type EventList, type EventRow, type PrazoCalcResult } from './agenda.answers.schema'
import {
  agendaScope,
  getEvent,
  getStats,
  listEvents,
  upcomingEventsFor,
  type AgendaScope,
  type Executor,
} from './agenda.service.server'
import { instantToZoned } from './agenda.time'
import {
  confirmEvent,
  insertEvent,
  insertPrazo,
  restoreEvent,
  softDeleteEvent,
  updateEvent,
  type ChangeResult,
} from './agenda.write.server'

const uuid = z.uuid()

/** The :id of the path; anything that is not a uuid can't be an event, so it is a 404 like a missing one. */
function eventId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!uuid.safeParse(id).success) throw notFound(AGENDA_MESSAGES.notFound)
  return id as string
}

/**
 * The agenda the caller sees: the office's events with no case or a case the caller's level sees (spec
 * §6; AgendaScope). Every event route reads and writes through it.
 */
function scope(c: Context<AppEnv>): AgendaScope {
  return agendaScope(c.get('office'), c.get('office').memberId)
}

async function loadRow(db: Executor, c: Context<AppEnv>, id: string): Promise<EventRow> {
  const row = await getEvent(db, scope(c), id)
  if (!row) throw notFound(AGENDA_MESSAGES.notFound)
  return row
}

/** After the commit: move the event's reminder job when its time, lembrete, status or deletion changed. */
async function afterChange(c: Context<AppEnv>, id: string, change: ChangeResult): Promise<void> {
  if (change.reschedule) {
    await syncReminder(
      { db: c.get('db'), jobs: c.get('deps').jobs },
      c.get('office').id,
      id,
      change.previousJobId,
    )
  }
}

const author = (c: Context<AppEnv>) => ({ ...scope(c), userId: c.get('office').userId })

/**
 * The public feed is fetched by calendar servers (Google's from shared addresses), so it is limited per
 * feed, keyed by a hash of the token: the secret itself never reaches the rate-limit table.
 */
const feedLimit = rateLimit({
  name: 'agenda-feed',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: 30 }),
  key: (c) =>
    createHash('sha256')
      .update(c.req.param('token') ?? '')
      .digest('hex')
      .slice(0, 32),
})

const TAG = apiTag(
  'Agenda',
  'Agenda & Prazos do escritório da sessão: eventos, prazos com trilha, calendários dos tribunais e a assinatura iCalendar (pública pelo endereço secreto).',
)

/** GET /api/agenda/feed/:token.ics — no session: the secret URL is the credential. */
const publicFeedRoutes = new Hono<AppEnv>().get(
  '/feed/:token',
  routeDoc(
    TAG,
    'A agenda em iCalendar (.ics) para Google Agenda, Outlook e Apple; o endereço secreto é a credencial',
    { media: 'text/calendar', public: true },
  ),
  feedLimit,
  async (c) => {
    const file = c.req.param('token')
    const body = file.endsWith('.ics') ? await renderFeed(c.get('db'), file.slice(0, -4)) : null
    if (body === null) throw notFound(AGENDA_MESSAGES.feedNotFound)
    c.header('Cache-Control', 'private, no-store')
    c.header('Content-Type', 'text/calendar; charset=utf-8')
    c.header('Content-Disposition', 'inline; filename="jusconecta-agenda.ics"')
    return c.body(body)
  },
)

// requireOffice runs first on every office route: anonymous → 401, no membership → 403 before any
// validation; another office's event is "not found" (404), exactly like a missing one.
const officeRoutes = new Hono<AppEnv>()
  .use(requireOffice('agenda.manage'))
  .use(noStore())
  .get(
    '/events',
    routeDoc(TAG, 'Eventos da agenda do escritório (período, tipo, status, caso, cliente)', {
      response: eventListSchema,
    }),
    validate('query', eventListQuery),
    async (c) => {
      return c.json<EventList>(await listEvents(c.get('db'), scope(c), c.req.valid('query')))
    },
  )
  .get('/stats', routeDoc(TAG, 'Totais da agenda: eventos, prazos, próximas 24 h, audiências'), async (c) => {
    return c.json<AgendaStats>(await getStats(c.get('db'), scope(c)))
  })
  .get('/next', routeDoc(TAG, 'O próximo evento da agenda'), async (c) => {
    const [event] = await upcomingEventsFor(c.get('db'), { ...scope(c), limit: 1 })
    return c.json<{ event: EventRow | null }>({ event: event ?? null })
  })
  .post(
    '/events',
    routeDoc(TAG, 'Cria um evento (agenda o lembrete)', { status: 201 }),
    validate('json', eventInput),
    async (c) => {
      const data = c.req.valid('json')
      const event = await c.get('db').transaction(async (tx) => {
        const id = await insertEvent(tx, author(c), data)
        await recordOfficeAudit(
          c,
          { action: 'event.create', entity: 'event', entityId: id, details: { tipo: data.tipo } },
          tx,
        )
        return loadRow(tx, c, id)
      })
      await afterChange(c, event.id, { reschedule: true, previousJobId: null })
      return c.json<EventRow>(await loadRow(c.get('db'), c, event.id), 201)
    },
  )
  .patch(
    '/events/:id',
    routeDoc(TAG, 'Altera um evento (reagenda o lembrete)'),
    validate('json', eventUpdate),
    async (c) => {
      const id = eventId(c)
      const data = c.req.valid('json')
      const change = await c.get('db').transaction(async (tx) => {
        const result = await updateEvent(tx, scope(c), id, data)
        if (!result) throw notFound(AGENDA_MESSAGES.notFound)
        // The names of the fields sent, never their values.
        const fields = Object.keys(data).filter((key) => data[key as keyof typeof data] !== undefined)
        await recordOfficeAudit(
          c,
          { action: 'event.update', entity: 'event', entityId: id, details: { fields } },
          tx,
        )
        return result
      })
      await afterChange(c, id, change)
      return c.json<EventRow>(await loadRow(c.get('db'), c, id))
    },
  )
  .post('/events/:id/confirm', routeDoc(TAG, 'Confirma um evento agendado'), async (c) => {
    const id = eventId(c)
    const event = await c.get('db').transaction(async (tx) => {
      await confirmEvent(tx, scope(c), id)
      await recordOfficeAudit(c, { action: 'event.confirm', entity: 'event', entityId: id }, tx)
      return loadRow(tx, c, id)
    })
    return c.json<EventRow>(event)
  })
  .delete(
    '/events/:id',
    routeDoc(TAG, 'Exclui um evento (pode ser restaurado)', { status: 204 }),
    async (c) => {
      const id = eventId(c)
      const change = await c.get('db').transaction(async (tx) => {
        const result = await softDeleteEvent(tx, scope(c), c.get('office').userId, id)
        if (!result) throw notFound(AGENDA_MESSAGES.notFound)
        await recordOfficeAudit(c, { action: 'event.delete', entity: 'event', entityId: id }, tx)
        return result
      })
      await afterChange(c, id, change)
      return c.body(null, 204)
    },
  )
  .post('/events/:id/restore', routeDoc(TAG, 'Restaura um evento excluído'), async (c) => {
    const id = eventId(c)
    const change = await c.get('db').transaction(async (tx) => {
      const result = await restoreEvent(tx, scope(c), id)
      if (!result) throw notFound(AGENDA_MESSAGES.notFound)
      await recordOfficeAudit(c, { action: 'event.restore', entity: 'event', entityId: id }, tx)
      return result
    })
    await afterChange(c, id, change)
    return c.json<EventRow>(await loadRow(c.get('db'), c, id))
  })
  .post(
    '/prazos/calcular',
    routeDoc(TAG, 'Calcula um prazo com o calendário do tribunal do escritório e o aviso antecipado'),
    validate('json', prazoCalcInput),
    async (c) => {
      return c.json<PrazoCalcResult>(await computePrazo(c.get('db'), c.get('office').id, c.req.valid('json')))
    },
  )
  .post(
    '/prazos',
    routeDoc(TAG, 'Cria um prazo na agenda a partir do cálculo (com a trilha)', { status: 201 }),
    validate('json', prazoCreateInput),
    async (c) => {
      const data = c.req.valid('json')
      const event = await c.get('db').transaction(async (tx) => {
        const computed = await computePrazo(tx, c.get('office').id, data)
        const id = await insertPrazo(tx, author(c), data, computed)
        await runPrazoCreatedHooks(c, tx, { eventId: id, input: data })
        await recordOfficeAudit(
          c,
          {
            action: 'prazo.create',
            entity: 'event',
            entityId: id,
            details: { dias: data.dias, tribunal: computed.tribunal, vencimento: computed.vencimento },
          },
          tx,
        )
        return loadRow(tx, c, id)
      })
      await afterChange(c, event.id, { reschedule: true, previousJobId: null })
      return c.json<EventRow>(await loadRow(c.get('db'), c, event.id), 201)
    },
  )
  // The office's agenda settings: every member reads them (the dialog shows them), only sócios change them.
  .get(
    '/settings',
    routeDoc(TAG, 'Configurações da agenda do escritório (aviso interno dos prazos)'),
    async (c) => {
      return c.json<AgendaSettings>({
        prazoAvisoDias: await prazoAvisoDias(c.get('db'), c.get('office').id),
        editable: can(c.get('office').nivelAcesso, 'agenda.settings'),
      })
    },
  )
  .patch(
    '/settings',
    routeDoc(TAG, 'Altera o aviso interno dos prazos (dias úteis antes do vencimento); só sócios'),
    requireOffice('agenda.settings'),
    validate('json', agendaSettingsInput),
    async (c) => {
      const { prazoAvisoDias: dias } = c.req.valid('json')
      await c.get('db').transaction(async (tx) => {
        const previous = await setPrazoAvisoDias(tx, c.get('office').id, dias)
        await recordOfficeAudit(
          c,
          {
            action: 'agenda.settings',
            entity: 'office',
            entityId: c.get('office').id,
            details: { prazoAvisoDias: { de: previous, para: dias } },
          },
          tx,
        )
      })
      return c.json<AgendaSettings>({ prazoAvisoDias: dias, editable: true })
    },
  )
  .get('/courts', routeDoc(TAG, 'Tribunais com calendário (dias fechados)'), async (c) => {
    return c.json<{ items: CourtInfo[] }>({ items: await listCourts(c.get('db'), c.get('office').id) })
  })
  .get(
    '/courts/:tribunal/closed-days',
    routeDoc(TAG, 'Dias fechados de um tribunal num ano'),
    validate('param', tribunalParam),
    validate('query', closedDaysQuery),
    async (c) => {
      const { tribunal } = c.req.valid('param')
      const year = c.req.valid('query').year ?? Number(instantToZoned(new Date()).data.slice(0, 4))
      return c.json<CourtClosedDays>(await closedDaysOfYear(c.get('db'), c.get('office').id, tribunal, year))
    },
  )
  .post(
    '/courts/:tribunal/closed-days',
    routeDoc(TAG, 'Fecha um dia de um tribunal', { status: 201 }),
    validate('param', tribunalParam),
    validate('json', closedDayInput),
    async (c) => {
      const { tribunal } = c.req.valid('param')
      const day = c.req.valid('json')
      const year = Number(day.data.slice(0, 4))
      const answer = await c.get('db').transaction(async (tx) => {
        await addClosedDay(tx, c.get('office').id, c.get('office').userId, tribunal, day)
        await recordOfficeAudit(
          c,
          {
            action: 'court_day.add',
            entity: 'court_closed_day',
            entityId: null,
            details: { tribunal, data: day.data },
          },
          tx,
        )
        return closedDaysOfYear(tx, c.get('office').id, tribunal, year)
      })
      return c.json<CourtClosedDays>(answer, 201)
    },
  )
  .delete(
    '/courts/:tribunal/closed-days/:data',
    routeDoc(TAG, 'Reabre um dia fechado de um tribunal', { status: 204 }),
    validate('param', closedDayParam),
    async (c) => {
      const { tribunal, data } = c.req.valid('param')
      await c.get('db').transaction(async (tx) => {
        await removeClosedDay(tx, c.get('office').id, tribunal, data)
        await recordOfficeAudit(
          c,
          {
            action: 'court_day.remove',
            entity: 'court_closed_day',
            entityId: null,
            details: { tribunal, data },
          },
          tx,
        )
      })
      return c.body(null, 204)
    },
  )
  .get(
    '/feed',
    routeDoc(TAG, 'Se o usuário tem um endereço de assinatura da agenda (iCalendar)'),
    async (c) => {
      const status = await feedStatus(c.get('db'), c.get('office').userId)
      return c.json<FeedStatus>({ url: null, ...status })
    },
  )
  .post(
    '/feed',
    routeDoc(TAG, 'Cria ou regenera o endereço secreto da agenda (o anterior deixa de valer)', {
      status: 201,
    }),
    async (c) => {
      const token = await c.get('db').transaction(async (tx) => {
        const created = await createFeed(tx, c.get('office').userId, c.get('office').id)
        await recordOfficeAudit(c, { action: 'feed.create', entity: 'calendar_feed', entityId: null }, tx)
        return created
      })
      return c.json<FeedCreated>(feedUrls(c.get('deps').env.publicUrl, token), 201)
    },
  )
  .delete('/feed', routeDoc(TAG, 'Revoga o endereço de assinatura da agenda', { status: 204 }), async (c) => {
    await c.get('db').transaction(async (tx) => {
      if (!(await revokeFeed(tx, c.get('office').userId))) throw notFound(AGENDA_MESSAGES.feedNotFound)
      await recordOfficeAudit(c, { action: 'feed.revoke', entity: 'calendar_feed', entityId: null }, tx)
    })
    return c.body(null, 204)
  })

/** Mounted at /api/agenda: the public feed first (no session), then the office routes. */
export const agendaRoutes = new Hono<AppEnv>().route('/', publicFeedRoutes).route('/', officeRoutes)
