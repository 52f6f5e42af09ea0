import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import type { CreateMemberInput, TeamListQuery, UpdateMemberInput } from './team.schema'

// TanStack Query hooks of the team screens. Every key starts with 'team': one invalidation refreshes the
// 'Equipe & Permissões' list, its cards and the team-management page.

export interface TeamFilters {
  search: string
  nivel: NonNullable<TeamListQuery['nivel']>
}

export const teamKeys = {
  all: ['team'] as const,
  overview: (filters: TeamFilters) => ['team', 'overview', filters] as const,
  invitation: (token: string) => ['team', 'invitation', token] as const,
}

export function getTeamQueryOptions(filters: TeamFilters = { search: '', nivel: 'todos' }) {
  return queryOptions({
    queryKey: teamKeys.overview(filters),
    queryFn: ({ signal }) => {
      const query = {
        ...(filters.search ? { search: filters.search } : {}),
        ...(filters.nivel !== 'todos' ? { nivel: filters.nivel } : {}),
      }
      return unwrap(api.team.$get({ query }, { init: { signal } }))
    },
    // Keep the rows on screen while the next search runs instead of flashing the skeleton per keystroke.
    placeholderData: keepPreviousData,
    // The online dots age: refresh them while the page stays open.
    refetchInterval: 60_000,
  })
}

// PUT and the 204 answers (DELETE, invitation resend/cancel) carry no body: a success is not parsed as JSON
// (unwrapEmpty); errors still become ApiRequestError with the server's pt-BR message.
const member = api.team[':id']

function useInvalidatingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    // Members change the team pages, the dashboard counters and the audit log the team page shows (its
    // keys start with 'audit', features/audit/use-audit-log.ts).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'counts'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  })
}

export function useSaveMember() {
  return useInvalidatingMutation(
    ({ id, data }: { id: string | null; data: CreateMemberInput | UpdateMemberInput }) =>
      id === null
        ? unwrap(api.team.$post({ json: data as CreateMemberInput }))
        : unwrapEmpty(member.$put({ param: { id }, json: data as UpdateMemberInput })).then(() => ({
            id,
            convite: false,
          })),
  )
}

export function useDeactivateMember() {
  return useInvalidatingMutation((id: string) => unwrapEmpty(member.$delete({ param: { id } })))
}

export function useResendInvitation() {
  return useInvalidatingMutation((id: string) => unwrapEmpty(member.invitation.$post({ param: { id } })))
}

export function useCancelInvitation() {
  return useInvalidatingMutation((id: string) => unwrapEmpty(member.invitation.$delete({ param: { id } })))
}

/** What the invitation page shows; the token is the credential, so no session is needed. */
export function getInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) =>
      unwrap(api.team.invitations[':token'].$get({ param: { token } }, { init: { signal } })),
    retry: false,
    staleTime: 0,
  })
}

export function acceptInvitation(token: string) {
  return unwrap(api.team.invitations[':token'].accept.$post({ param: { token } }))
}
