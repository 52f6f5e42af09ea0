import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import type { Period } from './timesheet-period'
import type { ManualEntryInput, StartTimerInput } from './timesheet.schema'

// TanStack Query hooks of the timesheet (header timer and 'Minhas horas'). Every key starts with
// 'timesheet', so one invalidation refreshes the timer and every listed period; the team page's hours
// ('team' keys) change with them too.

export const timesheetKeys = {
  all: ['timesheet'] as const,
  timer: ['timesheet', 'timer'] as const,
  list: (period: Period) => ['timesheet', 'list', period.from, period.to] as const,
}

/** GET /api/timesheet/timer: the running timer lives on the server, so a reload finds it again. */
export function getTimerQueryOptions() {
  return queryOptions({
    queryKey: timesheetKeys.timer,
    queryFn: ({ signal }) => unwrap(api.timesheet.timer.$get(undefined, { init: { signal } })),
    staleTime: 30_000,
  })
}

export function periodParams(period: Period): string {
  return new URLSearchParams({ from: period.from, to: period.to }).toString()
}

/** Saves the period's CSV (fetched, so a failure can be told instead of saved). */
export async function downloadTimesheetCsv(period: Period) {
  const response = await apiFetch(`/api/timesheet/export.csv?${periodParams(period)}`)
  await saveResponseAsFile(response, `minhas-horas-${period.from}-a-${period.to}.csv`)
}

export function getTimesheetQueryOptions(period: Period) {
  return queryOptions({
    queryKey: timesheetKeys.list(period),
    queryFn: ({ signal }) =>
      unwrap(api.timesheet.$get({ query: { from: period.from, to: period.to } }, { init: { signal } })),
  })
}

function useTimesheetMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['team'] }),
      ]),
  })
}

export const useStartTimer = () =>
  useTimesheetMutation((input: StartTimerInput) => unwrap(api.timesheet.timer.start.$post({ json: input })))

export const useStopTimer = () => useTimesheetMutation(() => unwrap(api.timesheet.timer.stop.$post()))

export const useCreateEntry = () =>
  useTimesheetMutation((input: ManualEntryInput) => unwrap(api.timesheet.$post({ json: input })))

export const useDeleteEntry = () =>
  // 204: no JSON to read.
  useTimesheetMutation((id: string) => unwrapEmpty(api.timesheet[':id'].$delete({ param: { id } })))
