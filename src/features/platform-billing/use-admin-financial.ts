import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import {
  ADMIN_FINANCIAL_PAGE_SIZE,
  type AdminFinancialOverview,
  type ApplyStatementInput,
  type MarkPaidInput,
  type MonthlyReportSummary,
  type PendingChargesPage,
  type ReconcileResult,
  type ReprocessStatus,
  type SubscriptionsPage,
} from './platform-billing.admin.schema'
import type { SubscriptionStatus } from './platform-billing.constants'

const key = ['admin-financial'] as const
const PAGE = String(ADMIN_FINANCIAL_PAGE_SIZE)
const financial = api.admin.financial

export function useAdminFinancial() {
  return useQuery({
    queryKey: [...key, 'overview'],
    queryFn: () => unwrap(financial.$get()) as Promise<AdminFinancialOverview>,
  })
}

export function useSubscriptions(status: SubscriptionStatus | 'todos', offset: number) {
  return useQuery({
    queryKey: [...key, 'subscriptions', status, offset],
    queryFn: () =>
      unwrap(
        financial.subscriptions.$get({ query: { status, offset: String(offset), limit: PAGE } }),
      ) as Promise<SubscriptionsPage>,
    placeholderData: keepPreviousData,
  })
}

export function usePendingCharges(offset: number, enabled = true) {
  return useQuery({
    queryKey: [...key, 'pending', offset],
    queryFn: () =>
      unwrap(
        financial.charges.pending.$get({ query: { offset: String(offset), limit: PAGE } }),
      ) as Promise<PendingChargesPage>,
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** Every write changes the cards, the lists and the pending charges: refresh the whole screen. */
function useRefreshAll() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: key })
}

export function useMarkPaid() {
  const refresh = useRefreshAll()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: MarkPaidInput }) =>
      unwrap(financial.charges[':id'].pay.$post({ param: { id }, json: input })),
    onSuccess: refresh,
  })
}

/** The raw file goes as the body (text/csv), like every upload of the product: no multipart. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: async (file: File): Promise<ReconcileResult> => {
      const response = await apiFetch('/api/admin/financial/statement/preview', {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: file,
      })
      return (await response.json()) as ReconcileResult
    },
  })
}

export function useApplyStatement() {
  const refresh = useRefreshAll()
  return useMutation({
    mutationFn: (input: ApplyStatementInput) =>
      unwrap(financial.statement.apply.$post({ json: input })) as Promise<ReconcileResult>,
    onSuccess: refresh,
  })
}

export function useStartReprocess() {
  return useMutation({
    mutationFn: () => unwrap(financial.reprocess.$post()) as Promise<{ runId: string }>,
  })
}

/** Polled every second until the run is done or failed; then the screen refreshes once. */
export function useReprocessStatus(runId: string | null) {
  return useQuery({
    queryKey: [...key, 'reprocess', runId],
    enabled: runId !== null,
    queryFn: () =>
      unwrap(
        financial.reprocess[':runId'].$get({ param: { runId: runId ?? '' } }),
      ) as Promise<ReprocessStatus>,
    refetchInterval: (query) => (query.state.data?.status === 'queued' || !query.state.data ? 1000 : false),
  })
}

export function useRefreshFinancial() {
  return useRefreshAll()
}

export function useMonthlyReport(month: string | null) {
  return useQuery({
    queryKey: [...key, 'report', month],
    enabled: month !== null,
    queryFn: () =>
      unwrap(
        financial.report.$get({ query: { month: month ?? '', format: 'summary' } }),
      ) as Promise<MonthlyReportSummary>,
  })
}

export const reportUrl = (month: string, format: 'csv' | 'pdf') =>
  `/api/admin/financial/report?month=${encodeURIComponent(month)}&format=${format}`
