import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { validate } from '../../platform/validate.server'
import { requireUser } from '../auth/auth.public.server'
import { getProfileByUserId } from '../profiles/profiles.public.server'
import { entitySlugParamSchema, featuredEntitiesQuerySchema } from './entities.schema'
import { getEntityPage, listFeaturedEntities } from './entities.service.server'
import { getEntityPanel, getStudentPanel } from './panels.service.server'

const ENTITY_NOT_FOUND = 'Entidade não encontrada.'

const TAG = apiTag('Entidades', 'Páginas públicas das entidades e os painéis do estudante e da entidade.')

/**
 * /api/entities (issue 13). The panels answer only for the signed-in user and only for their profile type
 * (a lawyer asking for the student panel gets 403, not an empty panel that would look like a real one).
 * The public routes come after /panels so that a slug never shadows them.
 */
export const entityRoutes = new Hono<AppEnv>()
  .get(
    '/panels/student',
    routeDoc(
      TAG,
      'Painel do estudante: candidaturas, vagas recomendadas e salvas, conexões (403 para outros tipos)',
    ),
    requireUser,
    async (c) => {
      const profile = await getProfileByUserId(c.get('db'), c.get('user').id)
      if (profile?.userType !== 'estudante')
        throw new ApiError(403, 'forbidden', 'O painel do estudante é só para contas de estudante.')
      c.header('Cache-Control', 'private, no-store')
      return c.json(await getStudentPanel(c.get('db'), profile))
    },
  )
  .get(
    '/panels/entity',
    routeDoc(
      TAG,
      'Painel da entidade: vagas com candidaturas e visualizações, candidaturas recentes (403 para outros)',
    ),
    requireUser,
    async (c) => {
      const profile = await getProfileByUserId(c.get('db'), c.get('user').id)
      if (profile?.userType !== 'entidade')
        throw new ApiError(403, 'forbidden', 'O painel da entidade é só para contas de entidade.')
      c.header('Cache-Control', 'private, no-store')
      return c.json(await getEntityPanel(c.get('db'), profile))
    },
  )
  .get(
    '/',
    routeDoc(
      TAG,
      'Entidades em destaque na home (mais vagas abertas, depois as mais novas); só dados públicos',
      { public: true },
    ),
    validate('query', featuredEntitiesQuerySchema),
    async (c) => {
      const { limit } = c.req.valid('query')
      // Public and the same for everyone: a short shared cache spares the database the landing's traffic.
      c.header('Cache-Control', 'public, max-age=60')
      return c.json({ entities: await listFeaturedEntities(c.get('db'), limit) })
    },
  )
  .get(
    '/:slug',
    routeDoc(
      TAG,
      'Página pública de uma entidade com as suas vagas abertas (404 se privada ou inexistente)',
      { public: true },
    ),
    validate('param', entitySlugParamSchema),
    async (c) => {
      const page = await getEntityPage(c.get('db'), c.req.valid('param').slug)
      // Not cached: an entity that turns its profile private must disappear at once.
      if (!page) throw notFound(ENTITY_NOT_FOUND)
      return c.json(page)
    },
  )
