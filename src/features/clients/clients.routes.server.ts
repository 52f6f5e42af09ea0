import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { todayISO } from '../../lib/br/dates'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
import { csvDownload } from '../../platform/csv-download.server'
import { notFound } from '../../platform/http-error.server'
import { officeActor, requireOffice, type OfficeActor } from '../offices/offices.public.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { notifyNewClient } from '../office-settings/office-settings.public.server'
import {
  CLIENT_MESSAGES,
  clientExportQuerySchema,
  clientListQuerySchema,
  clientListSchema,
  clientOptionsQuerySchema,
  createClientSchema,
  updateClientSchema,
  type Client,
  type ClientList,
  type ClientOption,
  type ClientStats,
  type DeleteClientResult,
} from './clients.schema'
import { CLIENT_CSV_HEADER, exportClientRows } from './clients.export.server'
import { createClient, deleteClient, getClient, restoreClient, updateClient } from './clients.record.server'
import { getClientStats, listClientOptions, listClients } from './clients.service.server'

const uuid = z.uuid()

/** The :id of the path; anything that is not a uuid can't be a client, so it is a 404 like a missing one. */
function clientId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!uuid.safeParse(id).success) throw notFound(CLIENT_MESSAGES.notFound)
  return id as string
}

/**
 * The caller as the services see it. A level whose 'clients.manage' cell is partial (the estagiário,
 * spec §6) is narrowed to the clients of the cases where they are responsible: every read and write
 * below takes this scope, none the bare office.
 */
function actor(c: Context<AppEnv>): OfficeActor {
  return officeActor(c.get('office'), 'clients.manage')
}

function orNotFound<T>(value: T | null): T {
  if (value === null) throw notFound(CLIENT_MESSAGES.notFound)
  return value
}

// requireOffice runs first on every route: anonymous → 401 and no office capability → 403 before any
// validation, and the office is always the session's, never a request field. Another office's
// client is "not found" (404), exactly like a missing one. Registering, deleting and restoring clients
// need 'clients.create' / 'clients.delete' on top (the estagiário has neither: 403).
const canCreate = requireOffice('clients.create')
const canDelete = requireOffice('clients.delete')

const TAG = apiTag('Clientes', 'Clientes do escritório da sessão.')

export const clientRoutes = new Hono<AppEnv>()
  .use(requireOffice('clients.manage'))
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'Lista os clientes do escritório (busca, filtro, páginas)', { response: clientListSchema }),
    validate('query', clientListQuerySchema),
    async (c) => {
      return c.json<ClientList>(await listClients(c.get('db'), actor(c), c.req.valid('query')))
    },
  )
  .get('/stats', routeDoc(TAG, 'Totais de clientes por situação'), async (c) => {
    return c.json<ClientStats>(await getClientStats(c.get('db'), actor(c)))
  })
  .get(
    '/options',
    routeDoc(TAG, 'Clientes para escolher num formulário (id e nome)'),
    validate('query', clientOptionsQuerySchema),
    async (c) => {
      const items = await listClientOptions(c.get('db'), actor(c), c.req.valid('query').search)
      return c.json<{ items: ClientOption[] }>({ items })
    },
  )
  .get(
    '/export.csv',
    routeDoc(TAG, 'Exporta os clientes em CSV (auditado)', { media: 'text/csv' }),
    validate('query', clientExportQuerySchema),
    async (c) => {
      const scope = actor(c)
      const filter = { ...c.req.valid('query'), memberId: scope.restrictTo ?? undefined }
      // The export carries full contact data: it is logged before the first byte leaves.
      await recordOfficeAudit(c, {
        action: 'client.export',
        entity: 'client',
        details: { search: filter.search ?? null, status: filter.status },
      })
      return csvDownload(
        c,
        CLIENT_CSV_HEADER,
        exportClientRows(c.get('db'), scope.officeId, filter),
        `clientes-${todayISO()}.csv`,
      )
    },
  )
  .get('/:id', routeDoc(TAG, 'Dados completos de um cliente (auditado)'), async (c) => {
    const id = clientId(c)
    const client = orNotFound(await getClient(c.get('db'), actor(c), id))
    // get_client_secure: every full read of a client's personal data is logged (DESIGN §4), before
    // the record leaves: if the row can't be written, the caller gets a 500, not the data.
    await recordOfficeAudit(c, { action: 'client.read', entity: 'client', entityId: id })
    return c.json<Client>(client)
  })
  // Every answer below carries the full record (or changes it): the change and its audit row run in
  // ONE transaction, so neither commits without the other (a failed audit insert → 500, nothing kept).
  .post(
    '/',
    routeDoc(TAG, 'Cadastra um cliente', { status: 201 }),
    canCreate,
    validate('json', createClientSchema),
    async (c) => {
      const client = await c.get('db').transaction(async (tx) => {
        const created = await createClient(tx, actor(c), c.req.valid('json'))
        await recordOfficeAudit(c, { action: 'client.create', entity: 'client', entityId: created.id }, tx)
        await notifyNewClient(tx, {
          officeId: c.get('office').id,
          actorUserId: c.get('office').userId,
          clientId: created.id,
          nomeCompleto: created.nomeCompleto,
        })
        return created
      })
      return c.json<Client>(client, 201)
    },
  )
  .patch('/:id', routeDoc(TAG, 'Altera um cliente'), validate('json', updateClientSchema), async (c) => {
    const id = clientId(c)
    const data = c.req.valid('json')
    const client = await c.get('db').transaction(async (tx) => {
      const updated = orNotFound(await updateClient(tx, actor(c), id, data))
      // The names of the fields sent, never their values (the log holds no personal data).
      const fields = Object.keys(data).filter((key) => data[key as keyof typeof data] !== undefined)
      await recordOfficeAudit(
        c,
        { action: 'client.update', entity: 'client', entityId: id, details: { fields } },
        tx,
      )
      return updated
    })
    return c.json<Client>(client)
  })
  .delete('/:id', routeDoc(TAG, 'Exclui um cliente (pode ser restaurado)'), canDelete, async (c) => {
    const id = clientId(c)
    const result = await c.get('db').transaction(async (tx) => {
      const removed = orNotFound(await deleteClient(tx, actor(c), id))
      await recordOfficeAudit(c, { action: 'client.delete', entity: 'client', entityId: id }, tx)
      return removed
    })
    return c.json<DeleteClientResult>(result)
  })
  .post('/:id/restore', routeDoc(TAG, 'Restaura um cliente excluído'), canDelete, async (c) => {
    const id = clientId(c)
    const client = await c.get('db').transaction(async (tx) => {
      const restored = orNotFound(await restoreClient(tx, actor(c), id))
      await recordOfficeAudit(c, { action: 'client.restore', entity: 'client', entityId: id }, tx)
      return restored
    })
    return c.json<Client>(client)
  })
