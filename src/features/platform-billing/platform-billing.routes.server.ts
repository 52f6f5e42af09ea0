import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { can, requireOffice } from '../offices/offices.public.server'
import { getBillingStatus } from './platform-billing.office.server'
import { BILLING_MESSAGES, changePlanInput, type BillingStatusDto } from './platform-billing.schema'
import { cancelSubscription, changePlan, reactivateSubscription } from './platform-billing.service.server'

const TAG = apiTag(
  'Assinatura',
  'Assinatura da plataforma do escritório atual (período de teste, cobranças Pix, cancelamento).',
)

// /api/billing (issue 14): the CURRENT office's platform subscription. Every member reads it ('team.view');
// changing the plan, cancelling or reactivating binds the office: sócios ('office.settings'). These writes
// pass while the office is read-only for its subscription (allowReadOnly): it must be able to put it right.
const manage = requireOffice('office.settings', { allowReadOnly: true })

export const billingRoutes = new Hono<AppEnv>()
  .use(noStore())
  .get(
    '/',
    routeDoc(
      TAG,
      'Assinatura do escritório atual: status, plano, preços e a cobrança Pix pendente (membros)',
    ),
    requireOffice('team.view'),
    async (c) => {
      const office = c.get('office')
      const dto = await getBillingStatus(c.get('db'), office.id, can(office.nivelAcesso, 'office.settings'))
      if (!dto) throw notFound(BILLING_MESSAGES.noSubscription)
      return c.json<BillingStatusDto>(dto)
    },
  )
  .put(
    '/plan',
    routeDoc(TAG, 'Troca o plano a partir do próximo período (sócios)'),
    manage,
    validate('json', changePlanInput),
    async (c) => {
      const { plan } = c.req.valid('json')
      const office = c.get('office')
      await c.get('db').transaction(async (tx) => {
        if (!(await changePlan(tx, office.id, plan, { userId: office.userId, by: 'office' })))
          throw notChangeable()
        await recordOfficeAudit(
          c,
          {
            action: 'platform_billing.plan_change',
            entity: 'office',
            entityId: office.id,
            details: { plan },
          },
          tx,
        )
      })
      return c.json<BillingStatusDto>(
        (await getBillingStatus(c.get('db'), office.id, true)) as BillingStatusDto,
      )
    },
  )
  .post(
    '/cancel',
    routeDoc(TAG, 'Cancela a assinatura do escritório, mantendo os dados (sócios)'),
    manage,
    async (c) => {
      const office = c.get('office')
      await c.get('db').transaction(async (tx) => {
        const cancelled = await cancelSubscription(tx, office.id, { userId: office.userId, by: 'office' })
        if (!cancelled) throw notChangeable()
        await recordOfficeAudit(
          c,
          { action: 'platform_billing.cancel', entity: 'office', entityId: office.id, details: {} },
          tx,
        )
      })
      return c.json<BillingStatusDto>(
        (await getBillingStatus(c.get('db'), office.id, true)) as BillingStatusDto,
      )
    },
  )
  .post(
    '/reactivate',
    routeDoc(
      TAG,
      'Reativa a assinatura cancelada: volta ao teste ou emite a cobrança de um novo período (sócios)',
    ),
    manage,
    async (c) => {
      const office = c.get('office')
      await c.get('db').transaction(async (tx) => {
        const status = await reactivateSubscription(tx, office.id, { userId: office.userId, by: 'office' })
        if (status === null) throw notFound(BILLING_MESSAGES.noSubscription)
        if (status === false) throw new ApiError(409, 'conflict', BILLING_MESSAGES.notCancelled)
        await recordOfficeAudit(
          c,
          {
            action: 'platform_billing.reactivate',
            entity: 'office',
            entityId: office.id,
            details: { status },
          },
          tx,
        )
      })
      return c.json<BillingStatusDto>(
        (await getBillingStatus(c.get('db'), office.id, true)) as BillingStatusDto,
      )
    },
  )

const notChangeable = () => new ApiError(409, 'conflict', BILLING_MESSAGES.cancelled)
