import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { csvDownload } from '../../platform/csv-download.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { pdfResponse } from '../../platform/pdf.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit, requestIp } from '../audit/audit.public.server'
import { getOfficeLetterhead } from '../office-settings/office-settings.public.server'
import { accessLevel } from '../offices/offices.public'
import { requireOffice } from '../offices/offices.public.server'
import { entryCsvRows, FINANCIAL_CSV_HEADER } from './financial.csv.server'
import { buildReceiptPdf, clientDocument } from './financial.receipt.server'
import {
  entryCreateBody,
  entryFilterQuery,
  entryIdParam,
  entryListQuery,
  entryUpdateBody,
  FINANCIAL_MESSAGES,
  financialEntryListSchema,
  markPaidBody,
  periodQuery,
  type FinancialChart,
  type FinancialEntryDto,
  type FinancialEntryList,
  type FinancialSummary,
} from './financial.schema'
import { getChart, getEntry, getSummary, listEntries, today } from './financial.service.server'
import {
  insertEntries,
  markPaid,
  resolveLinks,
  setDeleted,
  updateEntry,
  type Executor,
  type FinancialActor,
  type FinancialScope,
} from './financial.write.server'

/**
 * The entries the caller reaches: the office's for the sócio; for the associado ('Manage financial' partial,
 * spec §6) only those linked to a case where they are a responsible member — the cases' own rule (caseScope)
 * applied to 'financial.manage' (the same case_members rule as features/cases caseScope).
 */
function scope(c: Context<AppEnv>): FinancialScope {
  const office = c.get('office')
  const partial = accessLevel(office.nivelAcesso, 'financial.manage') === 'partial'
  return { officeId: office.id, restrictTo: partial ? office.memberId : null }
}

function actor(c: Context<AppEnv>): FinancialActor {
  return { ...scope(c), userId: c.get('office').userId, ip: requestIp(c) }
}

async function load(db: Executor, c: Context<AppEnv>, id: string): Promise<FinancialEntryDto> {
  const entry = await getEntry(db, scope(c), id)
  if (!entry) throw notFound(FINANCIAL_MESSAGES.notFound)
  return entry
}

/** /api/financial/*: the financial, Pix and proposals routes of this feature. */
export const FINANCIAL_TAG = apiTag(
  'Financeiro',
  'Financeiro do escritório atual: lançamentos, cobranças Pix e propostas de honorários.',
)

// requireOffice runs first: anonymous → 401, no membership or estagiário/assistente → 403 before any
// validation; another office's entry answers 404 exactly like a missing one.
export const financialRoutes = new Hono<AppEnv>()
  .use(requireOffice('financial.manage'))
  .use(noStore())
  .get(
    '/summary',
    routeDoc(FINANCIAL_TAG, 'Cartões do financeiro no período (receitas, despesas, saldo)'),
    validate('query', periodQuery),
    async (c) => {
      const { from, to } = c.req.valid('query')
      return c.json<FinancialSummary>(await getSummary(c.get('db'), scope(c), from, to))
    },
  )
  .get(
    '/chart',
    routeDoc(FINANCIAL_TAG, 'Receitas e despesas pagas por mês, últimos 12 meses'),
    async (c) => {
      return c.json<FinancialChart>(await getChart(c.get('db'), scope(c)))
    },
  )
  .get(
    '/entries',
    routeDoc(FINANCIAL_TAG, 'Lançamentos financeiros (busca, tipo, status; por vencimento)', {
      response: financialEntryListSchema,
    }),
    validate('query', entryListQuery),
    async (c) => {
      return c.json<FinancialEntryList>(await listEntries(c.get('db'), scope(c), c.req.valid('query')))
    },
  )
  .get(
    '/entries/export.csv',
    routeDoc(FINANCIAL_TAG, 'Lançamentos filtrados em CSV (auditado)', { media: 'text/csv' }),
    validate('query', entryFilterQuery),
    async (c) => {
      const filter = c.req.valid('query')
      await recordOfficeAudit(c, {
        action: 'financial.export',
        entity: 'financial_entry',
        details: { filter: { q: filter.q ?? null, tipo: filter.tipo, status: filter.status } },
      })
      return csvDownload(
        c,
        FINANCIAL_CSV_HEADER,
        entryCsvRows(c.get('db'), scope(c), filter),
        `lancamentos-${today()}.csv`,
      )
    },
  )
  .post(
    '/entries',
    routeDoc(FINANCIAL_TAG, 'Cria um lançamento (ou N parcelas mensais)', { status: 201 }),
    validate('json', entryCreateBody),
    async (c) => {
      const data = c.req.valid('json')
      const created = await c.get('db').transaction(async (tx) => {
        const who = actor(c)
        const links = await resolveLinks(tx, who, data.clientId, data.caseId)
        const ids = await insertEntries(tx, who, {
          tipo: data.tipo,
          categoria: data.categoria,
          descricao: data.descricao,
          valorCents: data.valor,
          dataVencimento: data.dataVencimento,
          parcelas: data.parcelas,
          recorrente: data.recorrente,
          ...links,
          formaPagamento: data.formaPagamento,
          observacoes: data.observacoes,
        })
        return Promise.all(ids.map((id) => load(tx, c, id)))
      })
      return c.json<{ items: FinancialEntryDto[] }>({ items: created }, 201)
    },
  )
  .get(
    '/entries/:id',
    routeDoc(FINANCIAL_TAG, 'Um lançamento financeiro'),
    validate('param', entryIdParam),
    async (c) => {
      return c.json<FinancialEntryDto>(await load(c.get('db'), c, c.req.valid('param').id))
    },
  )
  .patch(
    '/entries/:id',
    routeDoc(FINANCIAL_TAG, 'Altera um lançamento financeiro'),
    validate('param', entryIdParam),
    validate('json', entryUpdateBody),
    async (c) => {
      const { id } = c.req.valid('param')
      const entry = await c.get('db').transaction(async (tx) => {
        const fields = await updateEntry(tx, actor(c), id, c.req.valid('json'))
        // The names of the fields changed, never their values.
        await recordOfficeAudit(
          c,
          { action: 'financial.update', entity: 'financial_entry', entityId: id, details: { fields } },
          tx,
        )
        return load(tx, c, id)
      })
      return c.json<FinancialEntryDto>(entry)
    },
  )
  .post(
    '/entries/:id/pay',
    routeDoc(FINANCIAL_TAG, 'Marca um lançamento pendente como pago (409 se pago)'),
    validate('param', entryIdParam),
    validate('json', markPaidBody),
    async (c) => {
      const { id } = c.req.valid('param')
      const entry = await c.get('db').transaction(async (tx) => {
        await markPaid(tx, actor(c), id, c.req.valid('json'))
        return load(tx, c, id)
      })
      return c.json<FinancialEntryDto>(entry)
    },
  )
  .delete(
    '/entries/:id',
    routeDoc(FINANCIAL_TAG, 'Exclui um lançamento (lixeira de 30 dias)', { status: 204 }),
    validate('param', entryIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      await c.get('db').transaction(async (tx) => {
        if (!(await setDeleted(tx, actor(c), id, true))) throw notFound(FINANCIAL_MESSAGES.notFound)
        await recordOfficeAudit(
          c,
          { action: 'financial.delete', entity: 'financial_entry', entityId: id },
          tx,
        )
      })
      return c.body(null, 204)
    },
  )
  .post(
    '/entries/:id/restore',
    routeDoc(FINANCIAL_TAG, 'Restaura um lançamento excluído'),
    validate('param', entryIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      const entry = await c.get('db').transaction(async (tx) => {
        if (!(await setDeleted(tx, actor(c), id, false))) throw notFound(FINANCIAL_MESSAGES.notFound)
        await recordOfficeAudit(
          c,
          { action: 'financial.restore', entity: 'financial_entry', entityId: id },
          tx,
        )
        return load(tx, c, id)
      })
      return c.json<FinancialEntryDto>(entry)
    },
  )
  .get(
    '/entries/:id/receipt.pdf',
    routeDoc(FINANCIAL_TAG, 'Recibo em PDF', { media: 'application/pdf' }),
    validate('param', entryIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      const entry = await load(c.get('db'), c, id)
      if (entry.storedStatus !== 'pago') throw new ApiError(409, 'not_paid', FINANCIAL_MESSAGES.notPaid)
      const [letterhead, documento] = await Promise.all([
        getOfficeLetterhead(c.get('db'), c.get('office').id),
        clientDocument(c.get('db'), entry.clientId),
      ])
      // The receipt carries the client's name and document: who printed it is recorded.
      await recordOfficeAudit(c, { action: 'financial.receipt', entity: 'financial_entry', entityId: id })
      return pdfResponse(
        buildReceiptPdf(entry, letterhead, documento),
        `recibo-${entry.dataPagamento ?? id}.pdf`,
      )
    },
  )
