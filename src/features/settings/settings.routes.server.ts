import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { notFound, unauthorized } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { requireUser } from '../auth/auth.public.server'
import { validate } from '../../platform/validate.server'
import {
  sessionIdParamSchema,
  settingsSchema,
  type ActiveSessionItem,
  type SettingsDto,
  type SignInActivityItem,
} from './settings.schema'
import {
  countOtherSessions,
  findOwnSessionToken,
  getSettings,
  listActiveSessions,
  listSignInActivity,
  saveSettings,
} from './settings.service.server'

const TAG = apiTag('Configurações', 'Preferências, sessões e atividade.')

/** The signed-in user's session (requireUser has run, so both are present). */
function who(c: { var: AppEnv['Variables'] }) {
  const { user, session } = c.var
  if (!user || !session) throw unauthorized()
  return { user, session }
}

// Every route acts on the caller's own data only: the user comes from the session, never the request.
export const settingsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use(noStore())
  .get('/', routeDoc(TAG, 'Preferências do usuário'), async (c) => {
    const { user } = who(c)
    return c.json<SettingsDto>(await getSettings(c.get('db'), user.id))
  })
  .put(
    '/',
    routeDoc(TAG, 'Salva as preferências do usuário'),
    validate('json', settingsSchema),
    async (c) => {
      const { user } = who(c)
      return c.json<SettingsDto>(await saveSettings(c.get('db'), user.id, c.req.valid('json')))
    },
  )
  .get('/activity', routeDoc(TAG, 'Atividade recente da conta (entradas e eventos)'), async (c) => {
    const { user } = who(c)
    return c.json<{ items: SignInActivityItem[] }>({ items: await listSignInActivity(c.get('db'), user.id) })
  })
  .get('/sessions', routeDoc(TAG, 'Sessões ativas da conta'), async (c) => {
    const { user, session } = who(c)
    return c.json<{ items: ActiveSessionItem[] }>({
      items: await listActiveSessions(c.get('db'), user.id, session.id),
    })
  })
  .post('/sessions/revoke-others', routeDoc(TAG, 'Encerra todas as outras sessões'), async (c) => {
    const { user, session } = who(c)
    const revoked = await countOtherSessions(c.get('db'), user.id, session.id)
    await c.get('deps').auth.api.revokeOtherSessions({ headers: c.req.raw.headers })
    return c.json({ revoked })
  })
  .delete(
    '/sessions/:id',
    routeDoc(TAG, 'Encerra uma sessão'),
    validate('param', sessionIdParamSchema),
    async (c) => {
      const { user } = who(c)
      const token = await findOwnSessionToken(c.get('db'), user.id, c.req.valid('param').id)
      // Another user's session answers exactly like a missing one.
      if (!token) throw notFound('Sessão não encontrada.')
      await c.get('deps').auth.api.revokeSession({ body: { token }, headers: c.req.raw.headers })
      return c.json({ ok: true as const })
    },
  )
