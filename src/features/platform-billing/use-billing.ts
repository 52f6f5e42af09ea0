import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiRequestError, unwrap } from '../../lib/api-client'
import type { SubscriptionPlan } from './platform-billing.constants'
import type { BillingStatusDto } from './platform-billing.schema'

// The office's subscription (GET /api/billing) and the sócio's actions on it. Keyed by office: switching
// offices shows the other office's subscription.

export const billingKeys = { office: (officeId: string) => ['billing', officeId] as const }

export function getBillingQueryOptions(officeId: string) {
  return queryOptions({
    queryKey: billingKeys.office(officeId),
    queryFn: async ({ signal }): Promise<BillingStatusDto | null> => {
      try {
        return await unwrap(api.billing.$get({}, { init: { signal } }))
      } catch (error) {
        // Not a lawyer's office (no subscription): nothing to show, not an error.
        if (error instanceof ApiRequestError && error.status === 404) return null
        throw error
      }
    },
    staleTime: 60_000,
  })
}

export function useBilling(officeId: string | null | undefined) {
  return useQuery({ ...getBillingQueryOptions(officeId ?? ''), enabled: Boolean(officeId) })
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
    unwrap(api.billing.plan.$put({ json: { plan } })),
  )
}

export function useCancelSubscription(officeId: string) {
  return useBillingMutation(officeId, () => unwrap(api.billing.cancel.$post()))
}

export function useReactivateSubscription(officeId: string) {
  return useBillingMutation(officeId, () => unwrap(api.billing.reactivate.$post()))
}
