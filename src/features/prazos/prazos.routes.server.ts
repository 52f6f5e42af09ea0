import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { clientIp } from '../../platform/client-ip.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { validate } from '../../platform/validate.server'
import { calcularPrazo } from '../../lib/br/deadline'
import { calcularPrazoQuerySchema } from './prazos.schema'

/**
 * The public calculator is open to anyone (no session), so it is limited per client address, counted
 * exactly in the shared table like sign-up: every node shares one budget (issue 7).
 */
const calculatorLimit = rateLimit({
  name: 'prazos',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_PRAZOS_MAX }),
  key: (c) => clientIp(c, c.get('deps').env.TRUST_PROXY),
})

// Same question, same answer until the holiday calendar changes with a deploy: let browsers reuse it.
const CACHE = 'public, max-age=3600'

const TAG = apiTag(
  'Prazos',
  'Calculadora pública de prazos do CPC (arts. 219, 220 e 224), sem sessão e limitada por endereço.',
)

export const prazosRoutes = new Hono<AppEnv>().get(
  '/calcular',
  routeDoc(TAG, 'Calcula um prazo processual em dias úteis (publicação, início, vencimento e trilha)', {
    public: true,
  }),
  calculatorLimit,
  validate('query', calcularPrazoQuerySchema),
  (c) => {
    const { disponibilizacao, dias, fechados } = c.req.valid('query')
    c.header('Cache-Control', CACHE)
    return c.json(calcularPrazo({ disponibilizacao, dias, fechados }))
  },
)
