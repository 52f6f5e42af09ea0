import { and, eq, isNull, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { todayISO } from '../../lib/br/dates'
import type { AppEnv } from '../../platform/app-env.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { ApiError, notFound, unauthorized } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { pdfResponse } from '../../platform/pdf.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordAudit, requestIp } from '../audit/audit.public.server'
import { auditLog } from '../audit/audit.table.server'
import { requireUser } from '../auth/auth.public.server'
import { clients } from '../clients/clients.table.server'
import { fileResponse } from '../documents/documents.public.server'
import { paidReceiptPdf } from '../financial/financial.public.server'
import { officeSettings } from '../office-settings/office-settings.public.server'
import { offices } from '../offices/offices.table.server'
import { requirePortalClient, type PortalClientContext } from './portal.access.server'
import { findSharedDocumentFile, getPortalCase } from './portal.case.server'
import { findPortalCharge, portalPixCharge } from './portal.charges.server'
import {
  PORTAL_DATA_MESSAGES,
  portalAccessListSchema,
  portalCaseDetailSchema,
  portalCaseParam,
  portalChargeParam,
  portalDocumentParam,
  portalHomeSchema,
  portalOfficeParam,
  portalPixChargeSchema,
  type PortalAccessList,
  type PortalCaseDetail,
  type PortalHome,
  type PortalPixCharge,
} from './portal.data.schema'
import { buildPortalExport } from './portal.export.server'
import { getPortalHome } from './portal.home.server'
import { clientCaseIds } from './portal.scope.server'
import { portalAccess } from './portal.table.server'

/** The portal's section of the API reference (the lead's invitation and access routes reuse it). */
export const PORTAL_API_TAG = apiTag(
  'Portal do Cliente',
  'O cliente do escritório acompanha seus processos, documentos, compromissos e cobranças (somente o que é dele e foi compartilhado).',
)

/** A 'portal.access' row at most this often per client account and office: a visit, not every click. */
const ACCESS_AUDIT_EVERY = '30 minutes'

const portalOf = (c: Context<AppEnv>): PortalClientContext => c.get('portal')

type PortalAuditAction = 'portal.access' | 'portal.download' | 'portal.export'

function auditPortal(
  c: Context<AppEnv>,
  action: PortalAuditAction,
  entity: string,
  entityId: string,
  details?: Record<string, unknown>,
) {
  const portal = portalOf(c)
  return recordAudit(c.get('db'), {
    officeId: portal.officeId,
    actorUserId: portal.userId,
    action,
    entity,
    entityId,
    details,
    ip: requestIp(c),
  })
}

/** 'portal.access' once per visit: skipped while this account's last one at this office is recent. */
async function auditVisit(c: Context<AppEnv>) {
  const portal = portalOf(c)
  const [recent] = await c
    .get('db')
    .select({ one: sql`1` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.officeId, portal.officeId),
        sql`${auditLog.createdAt} > now() - ${ACCESS_AUDIT_EVERY}::interval`,
        eq(auditLog.actorUserId, portal.userId),
        eq(auditLog.action, 'portal.access'),
      ),
    )
    .limit(1)
  if (!recent) await auditPortal(c, 'portal.access', 'client', portal.clientId)
}

// An export reads everything about the client: a handful an hour is plenty for a person.
const exportLimit = rateLimit({
  name: 'portal-export',
  rule: () => ({ windowSeconds: 60 * 60, max: 10 }),
  key: (c) => c.get('user')?.id,
})

// Client-side portal reads (issue 26), mounted at /api/portal. Every /o/:officeId route runs
// requirePortalClient() itself (not a `.use()`: this router shares its prefix with the invitation and
// message routers, which must not run it twice) and reads only through the access it found.
export const portalClientRoutes = new Hono<AppEnv>()
  .get(
    '/accesses',
    routeDoc(PORTAL_API_TAG, 'Escritórios em que o usuário tem acesso ativo ao portal', {
      response: portalAccessListSchema,
    }),
    requireUser,
    noStore(),
    async (c) => {
      const user = c.get('user')
      if (!user) throw unauthorized()
      const rows = await c
        .get('db')
        .select({
          officeId: portalAccess.officeId,
          officeName: sql<string>`coalesce(nullif(${officeSettings.nomeEscritorio}, ''), ${offices.nome})`,
          clientName: clients.nomeCompleto,
        })
        .from(portalAccess)
        .innerJoin(
          clients,
          and(eq(clients.officeId, portalAccess.officeId), eq(clients.id, portalAccess.clientId)),
        )
        .innerJoin(offices, eq(offices.id, portalAccess.officeId))
        .leftJoin(officeSettings, eq(officeSettings.officeId, portalAccess.officeId))
        .where(
          and(eq(portalAccess.userId, user.id), eq(portalAccess.status, 'ativo'), isNull(clients.deletedAt)),
        )
        .orderBy(sql`2`)
      return c.json<PortalAccessList>({ items: rows })
    },
  )
  .get(
    '/o/:officeId/home',
    routeDoc(
      PORTAL_API_TAG,
      'Início do portal: processos, compromissos, documentos, cobranças e assinaturas',
      {
        response: portalHomeSchema,
      },
    ),
    requirePortalClient(),
    noStore(),
    validate('param', portalOfficeParam),
    async (c) => {
      // The visit's audit check runs beside the reads: one round trip fewer on the portal's busiest page.
      const [home] = await Promise.all([getPortalHome(c.get('db'), portalOf(c)), auditVisit(c)])
      return c.json<PortalHome>(home)
    },
  )
  .get(
    '/o/:officeId/cases/:caseId',
    routeDoc(PORTAL_API_TAG, 'Um processo do cliente: documentos, compromissos e andamentos', {
      response: portalCaseDetailSchema,
    }),
    requirePortalClient(),
    noStore(),
    validate('param', portalCaseParam),
    async (c) => {
      const { caseId } = c.req.valid('param')
      return c.json<PortalCaseDetail>(await getPortalCase(c.get('db'), portalOf(c), caseId))
    },
  )
  .get(
    '/o/:officeId/documents/:documentId/file',
    routeDoc(PORTAL_API_TAG, 'Baixa um documento compartilhado com o cliente (auditado)', {
      media: 'application/octet-stream',
    }),
    requirePortalClient(),
    validate('param', portalDocumentParam),
    async (c) => {
      const { documentId } = c.req.valid('param')
      const db = c.get('db')
      const portal = portalOf(c)
      const file = await findSharedDocumentFile(db, portal, await clientCaseIds(db, portal), documentId)
      if (!file) throw notFound(PORTAL_DATA_MESSAGES.documentNotFound)
      // Recorded before the bytes leave: a download the office cannot see did not happen.
      await auditPortal(c, 'portal.download', 'document', documentId, {
        clientId: portal.clientId,
        versao: file.versao,
      })
      return fileResponse(c, file, 'attachment')
    },
  )
  .get(
    '/o/:officeId/charges/:entryId/pix',
    routeDoc(PORTAL_API_TAG, 'Código Pix (copia e cola) de uma cobrança em aberto do cliente', {
      response: portalPixChargeSchema,
    }),
    requirePortalClient(),
    noStore(),
    validate('param', portalChargeParam),
    async (c) => {
      const { entryId } = c.req.valid('param')
      const db = c.get('db')
      const portal = portalOf(c)
      const charge = await portalPixCharge(db, portal, await clientCaseIds(db, portal), entryId)
      return c.json<PortalPixCharge>(charge)
    },
  )
  .get(
    '/o/:officeId/charges/:entryId/receipt',
    routeDoc(PORTAL_API_TAG, 'Recibo em PDF de uma cobrança paga do cliente (auditado)', {
      media: 'application/pdf',
    }),
    requirePortalClient(),
    validate('param', portalChargeParam),
    async (c) => {
      const { entryId } = c.req.valid('param')
      const db = c.get('db')
      const portal = portalOf(c)
      const charge = await findPortalCharge(db, portal, await clientCaseIds(db, portal), entryId)
      if (!charge) throw notFound(PORTAL_DATA_MESSAGES.chargeNotFound)
      if (charge.status !== 'pago') throw new ApiError(409, 'not_paid', PORTAL_DATA_MESSAGES.receiptNotPaid)
      const receipt = await paidReceiptPdf(db, portal.officeId, entryId)
      if (!receipt) throw notFound(PORTAL_DATA_MESSAGES.chargeNotFound)
      await auditPortal(c, 'portal.download', 'financial_entry', entryId, { clientId: portal.clientId })
      const response = pdfResponse(receipt.pdf, receipt.fileName)
      response.headers.set('Cache-Control', 'private, no-store')
      return response
    },
  )
  .get(
    '/o/:officeId/export',
    routeDoc(PORTAL_API_TAG, 'Baixa os dados do cliente no escritório (JSON, LGPD; auditado)', {
      media: 'application/json',
    }),
    requirePortalClient(),
    validate('param', portalOfficeParam),
    exportLimit,
    async (c) => {
      const portal = portalOf(c)
      const data = await buildPortalExport(c.get('db'), portal)
      await auditPortal(c, 'portal.export', 'client', portal.clientId)
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': contentDisposition('attachment', `meus-dados-${todayISO()}.json`),
          'cache-control': 'private, no-store',
        },
      })
    },
  )
