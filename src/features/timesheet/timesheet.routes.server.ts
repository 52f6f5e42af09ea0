import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { csvDownload } from '../../platform/csv-download.server'
import { noStore } from '../../platform/no-store.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireOffice } from '../offices/offices.public.server'
import {
  entryIdParam,
  manualEntryBody,
  startTimerBody,
  timesheetQuery,
  type TimerState,
  type TimesheetList,
} from './timesheet.schema'
import {
  createManualEntry,
  deleteEntry,
  entryCsvRows,
  getRunningTimer,
  listEntries,
  startTimer,
  stopTimer,
  type TimesheetActor,
} from './timesheet.service.server'

const TAG = apiTag(
  'Horas',
  'Timesheet do membro no escritório atual: cronômetro e lançamentos manuais por processo.',
)

function actorOf(c: Context<AppEnv>): TimesheetActor {
  const office = c.get('office')
  return { officeId: office.id, memberId: office.memberId, nivelAcesso: office.nivelAcesso }
}

const CSV_HEADER = ['Data', 'Processo', 'Descrição', 'Minutos', 'Horas', 'Faturável'] as const

// A member's own time, in their current office. Time is recorded on a case, so the route asks what seeing
// cases asks ('cases.view': the estagiário's partial cell is narrowed to their cases by the cases rule;
// the assistente, who sees no case, records none). Another member's entry answers like a missing one.
export const timesheetRoutes = new Hono<AppEnv>()
  .use(requireOffice('cases.view'))
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'Minhas horas: lançamentos de um período e totais por semana'),
    validate('query', timesheetQuery),
    async (c) => {
      const { from, to } = c.req.valid('query')
      return c.json<TimesheetList>(await listEntries(c.get('db'), actorOf(c), from, to))
    },
  )
  .get(
    '/export.csv',
    routeDoc(TAG, 'Minhas horas de um período em CSV', { media: 'text/csv' }),
    validate('query', timesheetQuery),
    (c) => {
      const { from, to } = c.req.valid('query')
      return csvDownload(
        c,
        CSV_HEADER,
        entryCsvRows(c.get('db'), actorOf(c), from, to),
        `minhas-horas-${from}-a-${to}.csv`,
      )
    },
  )
  .get('/timer', routeDoc(TAG, 'O cronômetro em andamento do membro, se houver'), async (c) => {
    return c.json<TimerState>({ running: await getRunningTimer(c.get('db'), actorOf(c)) })
  })
  .post(
    '/timer/start',
    routeDoc(TAG, 'Inicia o cronômetro num processo (um por membro)', { status: 201 }),
    validate('json', startTimerBody),
    async (c) => {
      return c.json(await startTimer(c.get('db'), actorOf(c), c.req.valid('json')), 201)
    },
  )
  .post('/timer/stop', routeDoc(TAG, 'Para o cronômetro e grava o lançamento'), async (c) => {
    return c.json(await stopTimer(c.get('db'), actorOf(c)))
  })
  .post(
    '/',
    routeDoc(TAG, 'Lançamento manual de horas num processo', { status: 201 }),
    validate('json', manualEntryBody),
    async (c) => {
      return c.json(await createManualEntry(c.get('db'), actorOf(c), c.req.valid('json')), 201)
    },
  )
  .delete(
    '/:id',
    routeDoc(TAG, 'Exclui um lançamento de horas do membro', { status: 204 }),
    validate('param', entryIdParam),
    async (c) => {
      await deleteEntry(c.get('db'), actorOf(c), c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
