import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { noStore } from '../../platform/no-store.server'
import { pdfResponse } from '../../platform/pdf.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { getOfficeLetterhead } from '../office-settings/office-settings.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { FINANCIAL_TAG } from './financial.routes.server'
import { memberScope, type Executor, type MemberScope } from './pix.service.server'
import { acceptProposal, proposalCaseNumero } from './proposals.accept.server'
import { buildProposalPdf } from './proposals.pdf.server'
import {
  proposalBody,
  proposalIdParam,
  proposalListQuery,
  type ProposalAcceptance,
  type ProposalDto,
  type ProposalList,
} from './proposals.schema'
import {
  createProposal,
  deleteProposal,
  getProposal,
  listProposals,
  proposalClientDetails,
  refuseProposal,
  sendProposal,
  updateProposal,
} from './proposals.service.server'

const scopeOf = (c: Context<AppEnv>): MemberScope => memberScope(c.get('office'))

type AuditAction = Parameters<typeof recordOfficeAudit>[1]['action']

/** Runs a change and its audit row in one transaction. */
function audited<T extends { id: string }>(
  c: Context<AppEnv>,
  action: AuditAction,
  change: (tx: Executor) => Promise<T>,
): Promise<T> {
  return c.get('db').transaction(async (tx) => {
    const result = await change(tx)
    await recordOfficeAudit(c, { action, entity: 'fee_proposal', entityId: result.id }, tx)
    return result
  })
}

// /api/financial/proposals ('Proposta de honorários', issue 11): 'Manage financial' (spec §6); the associado's
// partial cell is narrowed by the service to the proposals of their cases.
export const proposalRoutes = new Hono<AppEnv>()
  .use(requireOffice('financial.manage'))
  .use(noStore())
  .get(
    '/',
    routeDoc(FINANCIAL_TAG, 'Propostas de honorários do escritório (filtro por status)'),
    validate('query', proposalListQuery),
    async (c) => {
      return c.json<ProposalList>(await listProposals(c.get('db'), scopeOf(c), c.req.valid('query')))
    },
  )
  .post(
    '/',
    routeDoc(FINANCIAL_TAG, 'Cria uma proposta de honorários', { status: 201 }),
    validate('json', proposalBody),
    async (c) => {
      const data = c.req.valid('json')
      const created = await audited(c, 'proposal.create', (tx) => createProposal(tx, scopeOf(c), data))
      return c.json<ProposalDto>(created, 201)
    },
  )
  .get(
    '/:id',
    routeDoc(FINANCIAL_TAG, 'Uma proposta de honorários'),
    validate('param', proposalIdParam),
    async (c) => {
      return c.json<ProposalDto>(await getProposal(c.get('db'), scopeOf(c), c.req.valid('param').id))
    },
  )
  .patch(
    '/:id',
    routeDoc(FINANCIAL_TAG, 'Altera uma proposta em rascunho ou enviada'),
    validate('param', proposalIdParam),
    validate('json', proposalBody),
    async (c) => {
      const { id } = c.req.valid('param')
      const data = c.req.valid('json')
      return c.json<ProposalDto>(
        await audited(c, 'proposal.update', (tx) => updateProposal(tx, scopeOf(c), id, data)),
      )
    },
  )
  .delete(
    '/:id',
    routeDoc(FINANCIAL_TAG, 'Exclui uma proposta não aceita', { status: 204 }),
    validate('param', proposalIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      await audited(c, 'proposal.delete', async (tx) => {
        await deleteProposal(tx, scopeOf(c), id)
        return { id }
      })
      return c.body(null, 204)
    },
  )
  .post(
    '/:id/send',
    routeDoc(FINANCIAL_TAG, 'Marca a proposta como enviada ao cliente'),
    validate('param', proposalIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      return c.json<ProposalDto>(await audited(c, 'proposal.send', (tx) => sendProposal(tx, scopeOf(c), id)))
    },
  )
  .post(
    '/:id/refuse',
    routeDoc(FINANCIAL_TAG, 'Marca a proposta como recusada'),
    validate('param', proposalIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      return c.json<ProposalDto>(
        await audited(c, 'proposal.refuse', (tx) => refuseProposal(tx, scopeOf(c), id)),
      )
    },
  )
  .post(
    '/:id/accept',
    routeDoc(FINANCIAL_TAG, 'Aceita a proposta e cria os lançamentos a receber'),
    validate('param', proposalIdParam),
    async (c) => {
      const { id } = c.req.valid('param')
      const accepted = await c.get('db').transaction(async (tx) => {
        const result = await acceptProposal(tx, scopeOf(c), id)
        await recordOfficeAudit(
          c,
          {
            action: 'proposal.accept',
            entity: 'fee_proposal',
            entityId: id,
            details: { lancamentos: result.receivables },
          },
          tx,
        )
        return result
      })
      return c.json<ProposalAcceptance>(accepted)
    },
  )
  .get(
    '/:id/pdf',
    routeDoc(FINANCIAL_TAG, 'A proposta de honorários em PDF', { media: 'application/pdf' }),
    validate('param', proposalIdParam),
    async (c) => {
      const scope = scopeOf(c)
      const proposal = await getProposal(c.get('db'), scope, c.req.valid('param').id)
      const [letterhead, client, caseNumero] = await Promise.all([
        getOfficeLetterhead(c.get('db'), scope.officeId),
        proposalClientDetails(c.get('db'), scope.officeId, proposal.clientId),
        proposalCaseNumero(c.get('db'), scope.officeId, proposal.caseId),
      ])
      // The PDF carries the client's full CPF/CNPJ and address: a sensitive read (DESIGN §4), audited.
      await recordOfficeAudit(c, {
        action: 'proposal.download',
        entity: 'fee_proposal',
        entityId: proposal.id,
      })
      const doc = buildProposalPdf({ proposal, letterhead, client, caseNumero })
      return pdfResponse(doc, `proposta-honorarios-${proposal.id.slice(0, 8)}.pdf`)
    },
  )
