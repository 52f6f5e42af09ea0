import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { FINANCIAL_TAG } from './financial.routes.server'
import { pixEntryParam, type PixChargeDto } from './pix.schema'
import { issuePixCharge, memberScope, readPixCharge } from './pix.service.server'

// The Pix charge of a pending receita (issue 11). POST issues it (records the charge and audits it); GET
// only reads the one issued (issue 24: a GET that wrote passed the read-only gate and could be triggered
// from another site; a POST goes through both the read-only gate and the origin check). The middleware is
// on each route, not `.use()`: this router is mounted under /financial/entries next to the financial
// router, and a `.use()` here would run for every path under that prefix.
export const pixRoutes = new Hono<AppEnv>()
  .get(
    '/:id/pix',
    routeDoc(FINANCIAL_TAG, 'Cobrança Pix já gerada (404 se nenhuma)'),
    requireOffice('financial.manage'),
    validate('param', pixEntryParam),
    async (c) => {
      const { id } = c.req.valid('param')
      const charge = await readPixCharge(c.get('db'), memberScope(c.get('office')), id)
      c.header('Cache-Control', 'no-store')
      return c.json<PixChargeDto>(charge)
    },
  )
  .post(
    '/:id/pix',
    routeDoc(FINANCIAL_TAG, 'Gera ou atualiza a cobrança Pix de receita pendente'),
    requireOffice('financial.manage'),
    validate('param', pixEntryParam),
    async (c) => {
      const { id } = c.req.valid('param')
      const charge = await c.get('db').transaction(async (tx) => {
        const issued = await issuePixCharge(tx, memberScope(c.get('office')), id)
        await recordOfficeAudit(
          c,
          {
            action: 'financial.pix',
            entity: 'financial_entry',
            entityId: id,
            details: { txid: issued.txid, valor: issued.valor },
          },
          tx,
        )
        return issued
      })
      c.header('Cache-Control', 'no-store')
      return c.json<PixChargeDto>(charge)
    },
  )
