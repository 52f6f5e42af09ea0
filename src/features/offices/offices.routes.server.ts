import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
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

const TAG = apiTag(
  'Escritórios',
  'Os escritórios do usuário e a troca do escritório atual (a que toda requisição se limita).',
)

// The user's own offices only. The office comes from the session's memberships, never from the request:
// switching names an office, and one the user is not an active member of answers exactly like a missing
// one (404).
export const officeRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(noStore())
  .get('/', routeDoc(TAG, 'Escritórios de que o usuário é membro ativo (o atual primeiro)'), async (c) => {
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
  .post(
    '/current',
    routeDoc(TAG, 'Troca o escritório atual (só um de que o usuário é membro ativo)'),
    validate('json', selectOfficeBody),
    async (c) => {
      const userId = userIdOf(c)
      const { officeId } = c.req.valid('json')
      if (!(await selectCurrentOffice(c.var.db, userId, officeId)))
        throw notFound('Escritório não encontrado.')
      // The trigger's NOTIFY evicts the membership on every node; this node forgets it now and waits until
      // it has heard every earlier change, so the very next request here is scoped to the new office.
      const changes = c.var.deps.membershipCache.changes
      changes.userChanged(userId)
      await changes.sync()
      const [current] = await listActiveMemberships(c.var.db, userId)
      if (!current) throw notFound('Escritório não encontrado.')
      return c.json({ id: current.officeId, nome: current.officeName, nivelAcesso: current.nivelAcesso })
    },
  )
