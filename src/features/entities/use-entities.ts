import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'

// TanStack Query options of the entities screens. Every key starts with 'entities': one invalidation (e.g.
// after JOBS's 'Nova Vaga' or an application status change) refreshes both panels.

export const entityKeys = {
  all: ['entities'] as const,
  page: (slug: string) => ['entities', 'page', slug] as const,
  studentPanel: ['entities', 'panels', 'student'] as const,
  entityPanel: ['entities', 'panels', 'entity'] as const,
}

export const entityPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: entityKeys.page(slug),
    queryFn: ({ signal }) =>
      unwrap(api.entities[':slug'].$get({ param: { slug: encodeURIComponent(slug) } }, { init: { signal } })),
    // A 404 is an answer, not a hiccup: don't retry it three times before showing the not-found screen.
    retry: (failures, error) => !isStatus(error, 404) && failures < 2,
  })

export const studentPanelQueryOptions = () =>
  queryOptions({
    queryKey: entityKeys.studentPanel,
    queryFn: ({ signal }) => unwrap(api.entities.panels.student.$get({}, { init: { signal } })),
    // Applying, saving or a status change happens on other screens: back on the dashboard, ask again.
    staleTime: 0,
    retry: (failures, error) => !isStatus(error, 403) && failures < 2,
  })

export const entityPanelQueryOptions = () =>
  queryOptions({
    queryKey: entityKeys.entityPanel,
    queryFn: ({ signal }) => unwrap(api.entities.panels.entity.$get({}, { init: { signal } })),
    staleTime: 0,
    retry: (failures, error) => !isStatus(error, 403) && failures < 2,
  })

export function isStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === status
}
