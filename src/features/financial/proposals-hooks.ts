import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiRequestError, errorFromResponse } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type { PixChargeDto } from './pix.schema'
import type {
  ProposalAcceptance,
  ProposalDto,
  ProposalInput,
  ProposalList,
  ProposalStatus,
} from './proposals.schema'

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
      requestJson<ProposalList>(`/api/financial/proposals?${new URLSearchParams({ status, limit: '50' })}`, {
        signal,
      }),
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
      requestJson<PixChargeDto>(`/api/financial/entries/${encodeURIComponent(entryId)}/pix`, {
        method: 'POST',
      }),
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

const base = '/api/financial/proposals'

export const useSaveProposal = () =>
  useProposalMutation(({ id, input }: { id: string | null; input: ProposalInput }) =>
    requestJson<ProposalDto>(id ? `${base}/${id}` : base, { method: id ? 'PATCH' : 'POST', body: input }),
  )

export const useProposalAction = () =>
  useProposalMutation(({ id, action }: { id: string; action: 'send' | 'refuse' }) =>
    requestJson<ProposalDto>(`${base}/${id}/${action}`, { method: 'POST' }),
  )

export const useAcceptProposal = () =>
  useProposalMutation((id: string) =>
    requestJson<ProposalAcceptance>(`${base}/${id}/accept`, { method: 'POST' }),
  )

/** DELETE answers 204 (no body): only an error has JSON to read. */
export const useDeleteProposal = () =>
  useProposalMutation(async (id: string) => {
    let response: Response
    try {
      response = await fetch(`${base}/${id}`, { method: 'DELETE', credentials: 'same-origin' })
    } catch {
      throw new ApiRequestError(
        0,
        'network',
        'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
      )
    }
    if (!response.ok) throw await errorFromResponse(response)
  })

export const proposalPdfUrl = (id: string) => `${base}/${id}/pdf`
