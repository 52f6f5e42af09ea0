import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import type { ProposalInput, ProposalStatus } from './proposals.schema'

// TanStack Query hooks of the fee proposals and the Pix charge. Keys start with 'financial' so accepting a
// proposal (which creates receivables) refreshes the Financeiro list and cards in the same invalidation.

export const proposalKeys = {
  all: ['financial', 'proposals'] as const,
  list: (status: ProposalStatus | 'todos') => ['financial', 'proposals', 'list', status] as const,
}

export function getProposalsQueryOptions(status: ProposalStatus | 'todos') {
  return queryOptions({
    queryKey: proposalKeys.list(status),
    queryFn: ({ signal }) =>
      unwrap(api.financial.proposals.$get({ query: { status, limit: '50' } }, { init: { signal } })),
  })
}

/**
 * POST /api/financial/entries/:id/pix: issues the entry's Pix charge (or refreshes it with the entry's
 * current amount; same txid, same code for the same amount). A POST, not a GET (issue 24): it records the
 * charge and audits it. Nothing else shows charges, so there is nothing to invalidate.
 */
export function useIssuePixCharge() {
  return useMutation({
    mutationFn: (entryId: string) =>
      unwrap(api.financial.entries[':id'].pix.$post({ param: { id: entryId } })),
  })
}

function useProposalMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // Every 'financial' key: an acceptance adds entries to the list, the cards and the chart.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['financial'] }),
  })
}

const proposals = api.financial.proposals

export const useSaveProposal = () =>
  useProposalMutation(({ id, input }: { id: string | null; input: ProposalInput }) =>
    id
      ? unwrap(proposals[':id'].$patch({ param: { id }, json: input }))
      : unwrap(proposals.$post({ json: input })),
  )

export const useProposalAction = () =>
  useProposalMutation(({ id, action }: { id: string; action: 'send' | 'refuse' }) =>
    unwrap(proposals[':id'][action].$post({ param: { id } })),
  )

export const useAcceptProposal = () =>
  useProposalMutation((id: string) => unwrap(proposals[':id'].accept.$post({ param: { id } })))

/** DELETE answers 204 (no body): only an error has JSON to read. */
export const useDeleteProposal = () =>
  useProposalMutation((id: string) => unwrapEmpty(proposals[':id'].$delete({ param: { id } })))

export const proposalPdfUrl = (id: string) => `/api/financial/proposals/${id}/pdf`
