import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { ADMIN_PAGE_SIZE, type ProfileType } from './admin.schema'

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  profiles: (params: AdminProfilesParams) => [...adminKeys.all, 'profiles', params] as const,
}

export interface AdminProfilesParams {
  search: string
  type: 'todos' | ProfileType
  by: 'name' | 'name_or_type'
  role: 'todos' | 'admin'
  page: number
}

/** Only asked for by a superadmin: for anyone else the server answers 403 anyway. */
export function useAdminStats(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: () => unwrap(api.admin.stats.$get()),
    enabled,
  })
}

export function useAdminProfiles(params: AdminProfilesParams, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.profiles(params),
    queryFn: () =>
      unwrap(
        api.admin.profiles.$get({
          query: {
            search: params.search || undefined,
            type: params.type,
            by: params.by,
            role: params.role,
            limit: String(ADMIN_PAGE_SIZE),
            offset: String(params.page * ADMIN_PAGE_SIZE),
          },
        }),
      ),
    enabled,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  })
}

export function useChangeAdminRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, grant }: { userId: string; grant: boolean }) => {
      const endpoint = api.admin.users[':userId'].roles.admin
      return unwrap(grant ? endpoint.$post({ param: { userId } }) : endpoint.$delete({ param: { userId } }))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
