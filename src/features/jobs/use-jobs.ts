import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiRequestError, errorFromResponse } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type { ApplicationStatus } from './jobs.constants'
import type {
  CandidateApplication,
  EntityApplication,
  EntityJob,
  JobCreateInput,
  JobDetail,
  JobList,
  JobUpdateInput,
  SavedJob,
} from './jobs.schema'

// TanStack Query hooks of the jobs screens. Every key starts with 'jobs', so one
// invalidateQueries({ queryKey: ['jobs'] }) refreshes lists, pages and panels after a change.

export interface JobFilters {
  q: string
  tipo: string
  nivel: string
  modalidade: string
  estado: string
}
export const EMPTY_FILTERS: JobFilters = { q: '', tipo: '', nivel: '', modalidade: '', estado: '' }
export const JOBS_PAGE_SIZE = 12

export const jobKeys = {
  all: ['jobs'] as const,
  list: (filters: JobFilters, cursor: string | null) => ['jobs', 'list', filters, cursor] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
  mine: ['jobs', 'mine'] as const,
  applications: (jobId: string) => ['jobs', 'applications', jobId] as const,
  myApplications: ['jobs', 'my-applications'] as const,
  saved: ['jobs', 'saved'] as const,
}

function listUrl(filters: JobFilters, cursor: string | null) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim())
  if (cursor) params.set('cursor', cursor)
  params.set('limit', String(JOBS_PAGE_SIZE))
  return `/api/jobs?${params}`
}

export const jobListQuery = (filters: JobFilters, cursor: string | null) =>
  queryOptions({
    queryKey: jobKeys.list(filters, cursor),
    queryFn: ({ signal }) => requestJson<JobList>(listUrl(filters, cursor), { signal }),
    placeholderData: keepPreviousData,
  })

export const jobDetailQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => requestJson<JobDetail>(`/api/jobs/${encodeURIComponent(id)}`, { signal }),
    // A 404 is an answer (the not-found page), not a glitch to retry.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  })

export const myJobsQuery = queryOptions({
  queryKey: jobKeys.mine,
  queryFn: ({ signal }) => requestJson<{ items: EntityJob[] }>('/api/jobs/mine', { signal }),
})

export const jobApplicationsQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.applications(jobId),
    queryFn: ({ signal }) =>
      requestJson<{ items: EntityApplication[] }>(`/api/jobs/${jobId}/applications`, { signal }),
  })

export const myApplicationsQuery = queryOptions({
  queryKey: jobKeys.myApplications,
  queryFn: ({ signal }) =>
    requestJson<{ items: CandidateApplication[] }>('/api/jobs/applications/mine', { signal }),
})

export const savedJobsQuery = queryOptions({
  queryKey: jobKeys.saved,
  queryFn: ({ signal }) => requestJson<{ items: SavedJob[] }>('/api/jobs/saved', { signal }),
})

function useInvalidateJobs() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: jobKeys.all })
}

export function useSaveJob() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) =>
      requestJson<{ saved: boolean }>(`/api/jobs/${id}/saved`, { method: saved ? 'PUT' : 'DELETE' }),
    onSettled: invalidate,
  })
}

export function useSaveJobForm() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: ({
      id,
      data,
    }: {
      id: string | null
      data: JobCreateInput | JobUpdateInput
    }): Promise<unknown> =>
      id
        ? requestJson<{ ok: true }>(`/api/jobs/${id}`, { method: 'PATCH', body: data })
        : requestJson<{ id: string }>('/api/jobs', { method: 'POST', body: data }),
    onSuccess: invalidate,
  })
}

export function useSetJobStatus() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'aberta' | 'encerrada' }) =>
      requestJson<{ ok: true }>(`/api/jobs/${id}`, { method: 'PATCH', body: { status } }),
    onSettled: invalidate,
  })
}

export function useMoveApplication() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ApplicationStatus }) =>
      requestJson<{ application: EntityApplication }>(`/api/jobs/applications/${id}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    onSettled: invalidate,
  })
}

/** Sends the CV (raw PDF body), then the cover letter when there is one. */
export function useApply() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: async ({ jobId, file, carta }: { jobId: string; file: File; carta: string }) => {
      let response: Response
      try {
        response = await fetch(`/api/jobs/${jobId}/applications?nome=${encodeURIComponent(file.name)}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: 'application/json', 'content-type': 'application/pdf' },
          body: file,
        })
      } catch {
        throw new ApiRequestError(
          0,
          'network',
          'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
        )
      }
      if (!response.ok) throw await errorFromResponse(response)
      const { id } = (await response.json()) as { id: string }
      if (carta.trim())
        await requestJson(`/api/jobs/applications/${id}/carta`, {
          method: 'PATCH',
          body: { carta: carta.trim() },
        })
      return id
    },
    onSettled: invalidate,
  })
}

/** Counts this page view once (the server throttles per viewer); failures are irrelevant to the reader. */
export function countJobView(id: string) {
  void fetch(`/api/jobs/${encodeURIComponent(id)}/view`, {
    method: 'POST',
    credentials: 'same-origin',
  }).catch(() => undefined)
}
