import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { errorFromResponse, unwrap } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type { Period } from './timesheet-period'
import type {
  ManualEntryInput,
  StartTimerInput,
  TimeEntryDto,
  TimerState,
  TimesheetList,
} from './timesheet.schema'

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
    queryFn: ({ signal }) => requestJson<TimerState>('/api/timesheet/timer', { signal }),
    staleTime: 30_000,
  })
}

export function periodParams(period: Period): string {
  return new URLSearchParams({ from: period.from, to: period.to }).toString()
}

export function getTimesheetQueryOptions(period: Period) {
  return queryOptions({
    queryKey: timesheetKeys.list(period),
    queryFn: ({ signal }) => requestJson<TimesheetList>(`/api/timesheet?${periodParams(period)}`, { signal }),
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
  useTimesheetMutation((input: StartTimerInput) =>
    requestJson<TimeEntryDto>('/api/timesheet/timer/start', { method: 'POST', body: input }),
  )

export const useStopTimer = () =>
  useTimesheetMutation(() => requestJson<TimeEntryDto>('/api/timesheet/timer/stop', { method: 'POST' }))

export const useCreateEntry = () =>
  useTimesheetMutation((input: ManualEntryInput) =>
    requestJson<TimeEntryDto>('/api/timesheet', { method: 'POST', body: input }),
  )

export const useDeleteEntry = () =>
  useTimesheetMutation(async (id: string) => {
    let response: Response
    try {
      response = await fetch(`/api/timesheet/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      })
    } catch {
      // unwrap() turns a network failure into the house's pt-BR message.
      return unwrap(Promise.reject(new Error('network')))
    }
    // 204: no JSON to read.
    if (!response.ok) throw await errorFromResponse(response)
  })
