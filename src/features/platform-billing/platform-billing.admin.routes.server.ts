import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { parseDecimalCents } from '../../lib/br/money'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound, unauthorized } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { ADMIN_API_TAG, routeDoc } from '../../platform/route-doc.server'
import { FileTooLargeError, spoolUpload, UploadAbortedError } from '../../platform/upload-spool.server'
import { validate } from '../../platform/validate.server'
import { recordUserAudit } from '../audit/audit.public.server'
import { requireRole } from '../auth/auth.public.server'
import { PLATFORM_BILLING_REPROCESS_JOB, readReprocessStatus } from './platform-billing.admin.jobs.server'
import {
  ADMIN_FINANCIAL_MESSAGES as M,
  applyStatementSchema,
  chargeIdParamSchema,
  markPaidSchema,
  pendingChargesQuerySchema,
  reportQuerySchema,
  runIdParamSchema,
  subscriptionsQuerySchema,
  type AdminFinancialOverview,
  type MonthlyReport,
  type MonthlyReportSummary,
  type PendingChargesPage,
  type ReconcileResult,
  type ReprocessStatus,
  type SubscriptionsPage,
} from './platform-billing.admin.schema'
import {
  getAdminFinancialOverview,
  listPendingCharges,
  listSubscriptions,
} from './platform-billing.admin.service.server'
import {
  parseStatementCsv,
  STATEMENT_HEADER_LABELS,
  STATEMENT_MAX_BYTES,
} from './platform-billing.reconcile.parse'
import { applyStatement, reconcileStatement, statementInstant } from './platform-billing.reconcile.server'
import { monthlyReport, reportCsv, reportPdf } from './platform-billing.report.server'
import { markChargePaid } from './platform-billing.service.server'
import { platformCharges } from './platform-billing.table.server'

/** The raw body of POST /statement/preview, which the handler reads itself. */
const statementBody = {
  media: 'text/csv',
  schema: {
    type: 'string',
    format: 'binary',
    description:
      'Extrato bancário em CSV (até 2 MB; separador ";", "," ou tabulação; vírgula decimal; dd/mm/aaaa). ' +
      `Colunas obrigatórias: data (${STATEMENT_HEADER_LABELS.date.join(', ')}), valor ` +
      `(${STATEMENT_HEADER_LABELS.amount.join(', ')}) e txid (${STATEMENT_HEADER_LABELS.txid.join(', ')}).`,
  },
}

/** Bank exports are UTF-8 (with or without BOM) or Windows-1252; a NUL byte means it is no text file at all. */
function decodeStatement(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/**
 * /api/admin/financial: the platform's subscriptions (issue 14). Mounted inside the admin router, whose
 * requireRole('superadmin') runs first; repeated here so these routes stay superadmin-only wherever they are
 * mounted (deny by default). Every action is audited with ids, counts and amounts only (no names).
 */
export const adminFinancialRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .get(
    '/',
    routeDoc(
      ADMIN_API_TAG,
      'Assinaturas: indicadores, configuração de cobrança, receita por plano e transações — superadmin',
    ),
    async (c) => c.json<AdminFinancialOverview>(await getAdminFinancialOverview(c.get('db'))),
  )
  .get(
    '/subscriptions',
    routeDoc(ADMIN_API_TAG, 'Assinaturas dos escritórios, por status — superadmin'),
    validate('query', subscriptionsQuerySchema),
    async (c) => c.json<SubscriptionsPage>(await listSubscriptions(c.get('db'), c.req.valid('query'))),
  )
  .get(
    '/charges/pending',
    routeDoc(ADMIN_API_TAG, 'Cobranças pendentes, vencidas primeiro — superadmin'),
    validate('query', pendingChargesQuerySchema),
    async (c) => c.json<PendingChargesPage>(await listPendingCharges(c.get('db'), c.req.valid('query'))),
  )
  // 'Sincronizar Pagamentos' → a payment received outside the bank file (amount and date as seen on the bank).
  .post(
    '/charges/:id/pay',
    routeDoc(ADMIN_API_TAG, 'Registra o recebimento de uma cobrança pendente (valor e data) — superadmin'),
    validate('param', chargeIdParamSchema),
    validate('json', markPaidSchema),
    async (c) => {
      const { id } = c.req.valid('param')
      const { amount, paidAt } = c.req.valid('json')
      const amountCents = parseDecimalCents(amount) ?? 0
      await c.get('db').transaction(async (tx) => {
        const [charge] = await tx
          .select({ status: platformCharges.status })
          .from(platformCharges)
          .where(eq(platformCharges.id, id))
          .for('update')
        if (!charge) throw new ApiError(404, 'not_found', M.chargeNotFound)
        if (charge.status !== 'pending') throw new ApiError(409, 'not_pending', M.notPending)
        const actor = { userId: c.get('user')?.id ?? null, by: 'admin' as const }
        const input = { amountCents, paidAt: statementInstant(paidAt), source: 'manual' as const }
        await markChargePaid(tx, id, input, new Date(), actor)
        await recordUserAudit(
          c,
          {
            action: 'platform_billing.mark_paid',
            entity: 'platform_charge',
            entityId: id,
            details: { amountCents, paidAt, source: 'manual' },
          },
          tx,
        )
      })
      return c.json({ id, status: 'paid' as const })
    },
  )
  // The statement, raw (text/csv, ≤ 2 MB): each line's verdict, nothing written.
  .post(
    '/statement/preview',
    routeDoc(
      ADMIN_API_TAG,
      'Confere um extrato bancário com as cobranças pelo txid, sem gravar nada — superadmin',
      { requestBody: statementBody },
    ),
    async (c) => {
      const body = c.req.raw.body
      if (!body) throw new ApiError(415, 'unsupported_type', M.statementType)
      let text: string | null
      try {
        const spooled = await spoolUpload(c.get('deps').env.dataDir, body, { maxBytes: STATEMENT_MAX_BYTES })
        try {
          text = decodeStatement(await readFile(spooled.path))
        } finally {
          await spooled.cleanup()
        }
      } catch (error) {
        if (error instanceof FileTooLargeError) throw new ApiError(413, 'too_large', M.statementTooLarge)
        if (error instanceof UploadAbortedError)
          throw new ApiError(400, 'upload_aborted', M.statementUnreadable)
        throw error
      }
      if (text === null) throw new ApiError(415, 'unsupported_type', M.statementType)
      return c.json<ReconcileResult>(await reconcileStatement(c.get('db'), parseStatementCsv(text)))
    },
  )
  // Confirm: the previewed lines, reconciled again under lock; only exact matches are paid, in one transaction.
  .post(
    '/statement/apply',
    routeDoc(
      ADMIN_API_TAG,
      'Aplica as linhas conferidas do extrato numa única transação (idempotente) — superadmin',
    ),
    validate('json', applyStatementSchema),
    async (c) => {
      const user = c.get('user')
      if (!user) throw unauthorized()
      const lines = c.req.valid('json').lines.map((l) => ({ ...l, txid: l.txid.toUpperCase() }))
      const result = await applyStatement(c.get('db'), lines, user.id, (tx, outcome) =>
        recordUserAudit(
          c,
          {
            action: 'platform_billing.statement_import',
            entity: 'platform_charge',
            details: { lines: lines.length, applied: outcome.applied ?? 0, ...outcome.summary },
          },
          tx,
        ),
      )
      return c.json<ReconcileResult>(result)
    },
  )
  // 'Reprocessar Pagamentos': the billing run now, in the background; the page polls its outcome.
  .post(
    '/reprocess',
    routeDoc(ADMIN_API_TAG, 'Reprocessa as cobranças agora, em segundo plano — superadmin', { status: 201 }),
    async (c) => {
      const user = c.get('user')
      if (!user) throw unauthorized()
      const runId = randomUUID()
      await recordUserAudit(c, {
        action: 'platform_billing.reprocess',
        entity: 'platform_billing_run',
        entityId: runId,
        details: { phase: 'queued' },
      })
      try {
        await c.get('deps').jobs.send(PLATFORM_BILLING_REPROCESS_JOB, { runId, actorUserId: user.id })
      } catch (error) {
        log.error('platform billing reprocess not queued', { error })
        throw new ApiError(500, 'reprocess_failed', M.reprocessFailed)
      }
      return c.json({ runId }, 201)
    },
  )
  .get(
    '/reprocess/:runId',
    routeDoc(ADMIN_API_TAG, 'Andamento e resultado de um reprocessamento — superadmin'),
    validate('param', runIdParamSchema),
    async (c) => {
      const status = await readReprocessStatus(c.get('db'), c.req.valid('param').runId)
      if (!status) throw notFound()
      return c.json<ReprocessStatus>(status)
    },
  )
  // 'Relatório Mensal': the month's charges as JSON (the page), CSV or PDF.
  .get(
    '/report',
    routeDoc(
      ADMIN_API_TAG,
      'Relatório mensal de assinaturas (totais, JSON completo, CSV ou PDF conforme format) — superadmin',
    ),
    validate('query', reportQuerySchema),
    async (c) => {
      const { month, format } = c.req.valid('query')
      const report = await monthlyReport(c.get('db'), month)
      if (format === 'json') return c.json<MonthlyReport>(report)
      if (format === 'summary')
        return c.json<MonthlyReportSummary>({ month, totals: report.totals, rowCount: report.rows.length })
      await recordUserAudit(c, {
        action: 'platform_billing.report',
        entity: 'platform_billing_report',
        entityId: month,
        details: { month, format, rows: report.rows.length },
      })
      return format === 'csv' ? reportCsv(c, report) : reportPdf(report)
    },
  )
