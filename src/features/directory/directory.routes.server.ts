import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound, unauthorized } from '../../platform/http-error.server'
import { validate } from '../../platform/validate.server'
import { requireUser } from '../auth/auth.public.server'
import {
  lawyerSearchQuerySchema,
  slugParamSchema,
  visibilitySchema,
  type LawyerSearchPage,
  type PublicProfileDto,
  type VisibilityDto,
} from './directory.schema'
import { getPublicProfile } from './directory.profile.server'
import { BadCursorError, searchLawyers } from './directory.service.server'
import { getVisibility, saveVisibility } from './directory.visibility.server'

const PROFILE_NOT_FOUND = 'Perfil não encontrado.'
// 'Perfil público' off must hide the lawyer at once: no cached copy may outlive the switch.
const PUBLIC_CACHE = 'no-cache'

/** /api/directory: the public lawyer search and profile (anonymous), and the caller's own visibility. */
export const directoryRoutes = new Hono<AppEnv>()
  .get('/lawyers', validate('query', lawyerSearchQuerySchema), async (c) => {
    try {
      const page = await searchLawyers(c.get('db'), c.req.valid('query'))
      c.header('Cache-Control', PUBLIC_CACHE)
      return c.json<LawyerSearchPage>(page)
    } catch (error) {
      if (error instanceof BadCursorError) {
        throw new ApiError(400, 'validation', 'Página inválida: refaça a busca.', {
          cursor: 'Página inválida.',
        })
      }
      throw error
    }
  })
  .get('/profiles/:slug', validate('param', slugParamSchema), async (c) => {
    const profile = await getPublicProfile(c.get('db'), c.req.valid('param').slug)
    if (!profile) throw notFound(PROFILE_NOT_FOUND)
    c.header('Cache-Control', PUBLIC_CACHE)
    return c.json<PublicProfileDto>(profile)
  })
  .get('/me/visibility', requireUser, async (c) => {
    const user = c.get('user')
    if (!user) throw unauthorized()
    const visibility = await getVisibility(c.get('db'), user.id)
    if (!visibility) throw notFound(PROFILE_NOT_FOUND)
    c.header('Cache-Control', 'no-store')
    return c.json<VisibilityDto>(visibility)
  })
  .put('/me/visibility', requireUser, validate('json', visibilitySchema), async (c) => {
    const user = c.get('user')
    if (!user) throw unauthorized()
    const visibility = await saveVisibility(c.get('db'), user.id, c.req.valid('json'))
    if (!visibility) throw notFound(PROFILE_NOT_FOUND)
    return c.json<VisibilityDto>(visibility)
  })
