import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import type { ContactInput, ReportInput, ReviewInput } from './network.schema'

// TanStack Query hooks of the network's components. Keys start with 'network'.

export const networkKeys = {
  all: ['network'] as const,
  reviews: (lawyer: string, limit: number) => ['network', 'reviews', lawyer, limit] as const,
  status: (userId: string) => ['network', 'status', userId] as const,
  connections: () => ['network', 'connections'] as const,
  verification: () => ['network', 'verification'] as const,
}

const network = api.network
const lawyerParam = (lawyer: string) => ({ lawyer: encodeURIComponent(lawyer) })

export function getReviewsQueryOptions(lawyer: string, limit: number) {
  return queryOptions({
    queryKey: networkKeys.reviews(lawyer, limit),
    queryFn: ({ signal }) =>
      unwrap(
        network.lawyers[':lawyer'].reviews.$get(
          { param: lawyerParam(lawyer), query: { limit: String(limit), offset: '0' } },
          { init: { signal } },
        ),
      ),
  })
}

export function useReviews(lawyer: string, limit: number) {
  return useQuery(getReviewsQueryOptions(lawyer, limit))
}

export function useSaveReview(lawyer: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      unwrap(network.lawyers[':lawyer'].reviews.$put({ param: lawyerParam(lawyer), json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['network', 'reviews', lawyer] }),
        // The public profile's header (features/directory) shows the same average and count.
        queryClient.invalidateQueries({ queryKey: ['directory'] }),
      ]),
  })
}

export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => unwrap(network.reports.$post({ json: input })),
  })
}

export function useContactLawyer(lawyer: string) {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      unwrap(network.lawyers[':lawyer'].contact.$post({ param: lawyerParam(lawyer), json: input })),
  })
}

export function getConnectionStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: networkKeys.status(userId),
    queryFn: ({ signal }) =>
      unwrap(
        network.connections.status[':userId'].$get(
          { param: { userId: encodeURIComponent(userId) } },
          { init: { signal } },
        ),
      ),
  })
}

export function useConnectionStatus(userId: string) {
  return useQuery(getConnectionStatusQueryOptions(userId))
}

export function getConnectionListsQueryOptions() {
  return queryOptions({
    queryKey: networkKeys.connections(),
    queryFn: ({ signal }) => unwrap(network.connections.$get({}, { init: { signal } })),
  })
}

export function useConnectionLists(enabled = true) {
  return useQuery({ ...getConnectionListsQueryOptions(), enabled })
}

/** Every connection change: request, respond, cancel, remove. Refreshes lists, states and counts. */
export function useConnectionAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'request'; userId: string }
        | { kind: 'respond'; connectionId: string; accept: boolean }
        | { kind: 'remove'; connectionId: string },
    ): Promise<unknown> => {
      if (action.kind === 'request') {
        return unwrap(network.connections.$post({ json: { userId: action.userId } }))
      }
      const param = { id: action.connectionId }
      if (action.kind === 'respond') {
        return unwrapEmpty(
          network.connections[':id'].respond.$post({ param, json: { accept: action.accept } }),
        )
      }
      return unwrapEmpty(network.connections[':id'].$delete({ param }))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['network', 'status'] }),
        queryClient.invalidateQueries({ queryKey: networkKeys.connections() }),
      ]),
  })
}

export function getVerificationQueryOptions() {
  return queryOptions({
    queryKey: networkKeys.verification(),
    queryFn: ({ signal }) => unwrap(network.verification.$get({}, { init: { signal } })),
  })
}

export function useVerification(enabled = true) {
  return useQuery({ ...getVerificationQueryOptions(), enabled })
}
