import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiRequestError } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type { SubscriptionPlan } from './platform-billing.constants'
import type { BillingStatusDto } from './platform-billing.schema'

// The office's subscription (GET /api/billing) and the sócio's actions on it. Keyed by office: switching
// offices shows the other office's subscription.

export const billingKeys = { office: (officeId: string) => ['billing', officeId] as const }

export function useBilling(officeId: string | null | undefined) {
  return useQuery({
    queryKey: billingKeys.office(officeId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await requestJson<BillingStatusDto>('/api/billing', { signal })
      } catch (error) {
        // Not a lawyer's office (no subscription): nothing to show, not an error.
        if (error instanceof ApiRequestError && error.status === 404) return null
        throw error
      }
    },
    enabled: Boolean(officeId),
    staleTime: 60_000,
  })
}

function useBillingMutation<T>(officeId: string, request: (input: T) => Promise<BillingStatusDto>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: (dto) => queryClient.setQueryData(billingKeys.office(officeId), dto),
  })
}

export function useChangePlan(officeId: string) {
  return useBillingMutation(officeId, (plan: SubscriptionPlan) =>
    requestJson<BillingStatusDto>('/api/billing/plan', { method: 'PUT', body: { plan } }),
  )
}

export function useCancelSubscription(officeId: string) {
  return useBillingMutation(officeId, () =>
    requestJson<BillingStatusDto>('/api/billing/cancel', { method: 'POST', body: {} }),
  )
}

export function useReactivateSubscription(officeId: string) {
  return useBillingMutation(officeId, () =>
    requestJson<BillingStatusDto>('/api/billing/reactivate', { method: 'POST', body: {} }),
  )
}
