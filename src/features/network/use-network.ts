import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '../../lib/api-client'
import type {
  ConnectionLists,
  ConnectionStatus,
  ContactInput,
  ContactResult,
  ReportInput,
  ReportResult,
  ReviewInput,
  ReviewPage,
  VerificationState,
} from './network.schema'

// TanStack Query hooks of the network's components. Keys start with 'network'.

export const networkKeys = {
  all: ['network'] as const,
  reviews: (lawyer: string, limit: number) => ['network', 'reviews', lawyer, limit] as const,
  status: (userId: string) => ['network', 'status', userId] as const,
  connections: () => ['network', 'connections'] as const,
  verification: () => ['network', 'verification'] as const,
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export function requestJson<T>(url: string, method: Method = 'GET', body?: unknown, signal?: AbortSignal) {
  return unwrap<T>(
    fetch(url, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) =>
      // 204: nothing to parse.
      response.status === 204 ? { ok: true, status: 204, json: async () => null as T } : response,
    ),
  )
}

const lawyerUrl = (lawyer: string) => `/api/network/lawyers/${encodeURIComponent(lawyer)}`

export function useReviews(lawyer: string, limit: number) {
  return useQuery({
    queryKey: networkKeys.reviews(lawyer, limit),
    queryFn: ({ signal }) =>
      requestJson<ReviewPage>(
        `${lawyerUrl(lawyer)}/reviews?limit=${limit}&offset=0`,
        'GET',
        undefined,
        signal,
      ),
  })
}

export function useSaveReview(lawyer: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      requestJson<{ id: string; created: boolean }>(`${lawyerUrl(lawyer)}/reviews`, 'PUT', input),
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
    mutationFn: (input: ReportInput) => requestJson<ReportResult>('/api/network/reports', 'POST', input),
  })
}

export function useContactLawyer(lawyer: string) {
  return useMutation({
    mutationFn: (input: ContactInput) =>
      requestJson<ContactResult>(`${lawyerUrl(lawyer)}/contact`, 'POST', input),
  })
}

export function useConnectionStatus(userId: string) {
  return useQuery({
    queryKey: networkKeys.status(userId),
    queryFn: ({ signal }) =>
      requestJson<ConnectionStatus>(
        `/api/network/connections/status/${encodeURIComponent(userId)}`,
        'GET',
        undefined,
        signal,
      ),
  })
}

export function useConnectionLists(enabled = true) {
  return useQuery({
    queryKey: networkKeys.connections(),
    queryFn: ({ signal }) =>
      requestJson<ConnectionLists>('/api/network/connections', 'GET', undefined, signal),
    enabled,
  })
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
    ) => {
      if (action.kind === 'request') {
        return requestJson<unknown>('/api/network/connections', 'POST', { userId: action.userId })
      }
      if (action.kind === 'respond') {
        return requestJson<unknown>(`/api/network/connections/${action.connectionId}/respond`, 'POST', {
          accept: action.accept,
        })
      }
      return requestJson<unknown>(`/api/network/connections/${action.connectionId}`, 'DELETE')
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['network', 'status'] }),
        queryClient.invalidateQueries({ queryKey: networkKeys.connections() }),
      ]),
  })
}

export function useVerification(enabled = true) {
  return useQuery({
    queryKey: networkKeys.verification(),
    queryFn: ({ signal }) =>
      requestJson<VerificationState>('/api/network/verification', 'GET', undefined, signal),
    enabled,
  })
}
