import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { todayISO } from '../../lib/br/dates'
import type { AppEnv } from '../../platform/app-env.server'
import { csvDownload } from '../../platform/csv-download.server'
import { notFound } from '../../platform/http-error.server'
import { requireOffice } from '../offices/offices.public.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import {
  CLIENT_MESSAGES,
  clientExportQuerySchema,
  clientListQuerySchema,
  clientOptionsQuerySchema,
  createClientSchema,
  updateClientSchema,
  type Client,
  type ClientList,
  type ClientOption,
  type ClientStats,
  type DeleteClientResult,
} from './clients.schema'
import {
  CLIENT_CSV_HEADER,
  createClient,
  deleteClient,
  exportClientRows,
  getClient,
  getClientStats,
  listClientOptions,
  listClients,
  restoreClient,
  updateClient,
  type Actor,
} from './clients.service.server'

const uuid = z.uuid()

/** The :id of the path; anything that is not a uuid can't be a client, so it is a 404 like a missing one. */
function clientId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!uuid.safeParse(id).success) throw notFound(CLIENT_MESSAGES.notFound)
  return id as string
}

function actor(c: Context<AppEnv>): Actor {
  return { officeId: c.var.office.id, userId: c.var.office.userId }
}

function orNotFound<T>(value: T | null): T {
  if (value === null) throw notFound(CLIENT_MESSAGES.notFound)
  return value
}

// requireOffice runs first on every route: anonymous → 401 and no office capability → 403 before any
// validation, and the office is always the session's, never a request field. Another office's
// client is "not found" (404), exactly like a missing one.
export const clientRoutes = new Hono<AppEnv>()
  .use(requireOffice('clients.manage'))
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  .get('/', validate('query', clientListQuerySchema), async (c) => {
    return c.json<ClientList>(await listClients(c.var.db, c.var.office.id, c.req.valid('query')))
  })
  .get('/stats', async (c) => {
    return c.json<ClientStats>(await getClientStats(c.var.db, c.var.office.id))
  })
  .get('/options', validate('query', clientOptionsQuerySchema), async (c) => {
    const items = await listClientOptions(c.var.db, c.var.office.id, c.req.valid('query').search)
    return c.json<{ items: ClientOption[] }>({ items })
  })
  .get('/export.csv', validate('query', clientExportQuerySchema), async (c) => {
    const filter = c.req.valid('query')
    // The export carries full contact data: it is logged before the first byte leaves.
    await recordOfficeAudit(c, {
      action: 'client.export',
      entity: 'client',
      details: { search: filter.search ?? null, status: filter.status },
    })
    return csvDownload(
      c,
      CLIENT_CSV_HEADER,
      exportClientRows(c.var.db, c.var.office.id, filter),
      `clientes-${todayISO()}.csv`,
    )
  })
  .get('/:id', async (c) => {
    const id = clientId(c)
    const client = orNotFound(await getClient(c.var.db, c.var.office.id, id))
    // get_client_secure: every full read of a client's personal data is logged (DESIGN §4).
    await recordOfficeAudit(c, { action: 'client.read', entity: 'client', entityId: id })
    return c.json<Client>(client)
  })
  .post('/', validate('json', createClientSchema), async (c) => {
    return c.json<Client>(await createClient(c.var.db, actor(c), c.req.valid('json')), 201)
  })
  .patch('/:id', validate('json', updateClientSchema), async (c) => {
    const id = clientId(c)
    return c.json<Client>(orNotFound(await updateClient(c.var.db, actor(c), id, c.req.valid('json'))))
  })
  .delete('/:id', async (c) => {
    const id = clientId(c)
    const result = orNotFound(await deleteClient(c.var.db, actor(c), id))
    await recordOfficeAudit(c, { action: 'client.delete', entity: 'client', entityId: id })
    return c.json<DeleteClientResult>(result)
  })
  .post('/:id/restore', async (c) => {
    const id = clientId(c)
    const client = orNotFound(await restoreClient(c.var.db, actor(c), id))
    await recordOfficeAudit(c, { action: 'client.restore', entity: 'client', entityId: id })
    return c.json<Client>(client)
  })
