import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, ApiRequestError, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import type { ApplicationStatus } from './jobs.constants'
import type { JobCreateInput, JobUpdateInput } from './jobs.schema'

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

/** The filters that say something (trimmed, empty ones left out), the cursor and the page size. */
function listQuery(filters: JobFilters, cursor: string | null) {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query[key] = value.trim()
  if (cursor) query.cursor = cursor
  query.limit = String(JOBS_PAGE_SIZE)
  return query
}

export const jobListQuery = (filters: JobFilters, cursor: string | null) =>
  queryOptions({
    queryKey: jobKeys.list(filters, cursor),
    queryFn: ({ signal }) =>
      unwrap(api.jobs.$get({ query: listQuery(filters, cursor) }, { init: { signal } })),
    placeholderData: keepPreviousData,
  })

export const jobDetailQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => unwrap(api.jobs[':id'].$get({ param: { id } }, { init: { signal } })),
    // A 404 is an answer (the not-found page), not a glitch to retry.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  })

export const myJobsQuery = queryOptions({
  queryKey: jobKeys.mine,
  queryFn: ({ signal }) => unwrap(api.jobs.mine.$get(undefined, { init: { signal } })),
})

export const jobApplicationsQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.applications(jobId),
    queryFn: ({ signal }) =>
      unwrap(api.jobs[':id'].applications.$get({ param: { id: jobId } }, { init: { signal } })),
  })

export const myApplicationsQuery = queryOptions({
  queryKey: jobKeys.myApplications,
  queryFn: ({ signal }) => unwrap(api.jobs.applications.mine.$get(undefined, { init: { signal } })),
})

export const savedJobsQuery = queryOptions({
  queryKey: jobKeys.saved,
  queryFn: ({ signal }) => unwrap(api.jobs.saved.$get(undefined, { init: { signal } })),
})

function useInvalidateJobs() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: jobKeys.all })
}

export function useSaveJob() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }): Promise<{ saved: boolean }> =>
      saved
        ? unwrap(api.jobs[':id'].saved.$put({ param: { id } }))
        : unwrap(api.jobs[':id'].saved.$delete({ param: { id } })),
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
        ? unwrap(api.jobs[':id'].$patch({ param: { id }, json: data }))
        : unwrap(api.jobs.$post({ json: data as JobCreateInput })),
    onSuccess: invalidate,
  })
}

export function useSetJobStatus() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'aberta' | 'encerrada' }) =>
      unwrap(api.jobs[':id'].$patch({ param: { id }, json: { status } })),
    onSettled: invalidate,
  })
}

export function useMoveApplication() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ApplicationStatus }) =>
      unwrap(api.jobs.applications[':id'].status.$patch({ param: { id }, json: { status } })),
    onSettled: invalidate,
  })
}

/** Sends the CV (raw PDF body), then the cover letter when there is one. */
export function useApply() {
  const invalidate = useInvalidateJobs()
  return useMutation({
    mutationFn: async ({ jobId, file, carta }: { jobId: string; file: File; carta: string }) => {
      // A raw upload body: the one helper for what the typed client cannot carry.
      const response = await apiFetch(
        `/api/jobs/${jobId}/applications?nome=${encodeURIComponent(file.name)}`,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/pdf' },
          body: file,
        },
      )
      const { id } = (await response.json()) as { id: string }
      if (carta.trim())
        await unwrap(
          api.jobs.applications[':id'].carta.$patch({ param: { id }, json: { carta: carta.trim() } }),
        )
      return id
    },
    onSettled: invalidate,
  })
}

/** Counts this page view once (the server throttles per viewer); failures are irrelevant to the reader. */
export function countJobView(id: string) {
  api.jobs[':id'].view.$post({ param: { id } }).catch(() => undefined)
}
