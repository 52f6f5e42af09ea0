import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { listCidades, listEstados } from './reference.service.server'

// Reference lists never change between deploys: let browsers cache them for a day.
const CACHE = 'public, max-age=86400'

const TAG = apiTag('Referência', 'Estados e cidades do IBGE.')

export const referenceRoutes = new Hono<AppEnv>()
  .get('/estados', routeDoc(TAG, 'Lista os estados (UF)', { public: true }), async (c) => {
    c.header('Cache-Control', CACHE)
    return c.json({ items: await listEstados(c.get('db')) })
  })
  .get(
    '/estados/:id/cidades',
    routeDoc(TAG, 'Lista as cidades de um estado', { public: true }),
    validate('param', z.object({ id: z.coerce.number().int().positive() })),
    async (c) => {
      c.header('Cache-Control', CACHE)
      return c.json({ items: await listCidades(c.get('db'), c.req.valid('param').id) })
    },
  )
