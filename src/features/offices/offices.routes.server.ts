import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { notFound, unauthorized } from '../../platform/http-error.server'
import { validate } from '../../platform/validate.server'
import { requireUser } from '../auth/auth.public.server'
import { listActiveMemberships, selectCurrentOffice } from './membership.server'
import { selectOfficeBody, type OfficeList } from './offices.schema'

function userIdOf(c: { var: AppEnv['Variables'] }): string {
  const user = c.var.user
  if (!user) throw unauthorized()
  return user.id
}

// The user's own offices only. The office comes from the session's memberships, never from the request:
// switching names an office, and one the user is not an active member of answers exactly like a missing
// one (404).
export const officeRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  .get('/', async (c) => {
    const memberships = await listActiveMemberships(c.var.db, userIdOf(c))
    return c.json<OfficeList>({
      offices: memberships.map((m, index) => ({
        id: m.officeId,
        nome: m.officeName,
        nivelAcesso: m.nivelAcesso,
        current: index === 0,
      })),
    })
  })
  .post('/current', validate('json', selectOfficeBody), async (c) => {
    const userId = userIdOf(c)
    const { officeId } = c.req.valid('json')
    if (!(await selectCurrentOffice(c.var.db, userId, officeId))) throw notFound('Escritório não encontrado.')
    // The trigger's NOTIFY evicts the membership on every node; this node forgets it now and waits until
    // it has heard every earlier change, so the very next request here is scoped to the new office.
    const changes = c.var.deps.membershipCache.changes
    changes.userChanged(userId)
    await changes.sync()
    const [current] = await listActiveMemberships(c.var.db, userId)
    if (!current) throw notFound('Escritório não encontrado.')
    return c.json({ id: current.officeId, nome: current.officeName, nivelAcesso: current.nivelAcesso })
  })
