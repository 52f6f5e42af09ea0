import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
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

const TAG = apiTag(
  'Diretório',
  'Busca pública de advogados, perfis públicos e a visibilidade do próprio perfil.',
)

/** /api/directory: the public lawyer search and profile (anonymous), and the caller's own visibility. */
export const directoryRoutes = new Hono<AppEnv>()
  .get(
    '/lawyers',
    routeDoc(
      TAG,
      'Busca pública de advogados (nome ou OAB, estado, cidade, especialidade): verificados primeiro, depois relevância e perfil mais completo; 12 por página com cursor. Só perfis públicos, sem e-mail nem telefone',
      { public: true },
    ),
    validate('query', lawyerSearchQuerySchema),
    async (c) => {
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
    },
  )
  .get(
    '/profiles/:slug',
    routeDoc(TAG, 'Perfil público de um advogado (404 se privado ou inexistente)', { public: true }),
    validate('param', slugParamSchema),
    async (c) => {
      const profile = await getPublicProfile(c.get('db'), c.req.valid('param').slug)
      if (!profile) throw notFound(PROFILE_NOT_FOUND)
      c.header('Cache-Control', PUBLIC_CACHE)
      return c.json<PublicProfileDto>(profile)
    },
  )
  .get(
    '/me/visibility',
    routeDoc(
      TAG,
      "O que o usuário mostra no diretório: 'Perfil público', 'Atende por vídeo', faixa de honorários",
    ),
    requireUser,
    async (c) => {
      const user = c.get('user')
      if (!user) throw unauthorized()
      const visibility = await getVisibility(c.get('db'), user.id)
      if (!visibility) throw notFound(PROFILE_NOT_FOUND)
      c.header('Cache-Control', 'no-store')
      return c.json<VisibilityDto>(visibility)
    },
  )
  .put(
    '/me/visibility',
    routeDoc(
      TAG,
      'Altera a visibilidade do próprio perfil (desligar o perfil público o esconde em todo lugar)',
    ),
    requireUser,
    validate('json', visibilitySchema),
    async (c) => {
      const user = c.get('user')
      if (!user) throw unauthorized()
      const visibility = await saveVisibility(c.get('db'), user.id, c.req.valid('json'))
      if (!visibility) throw notFound(PROFILE_NOT_FOUND)
      return c.json<VisibilityDto>(visibility)
    },
  )
