import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type {
  CreateMemberInput,
  InvitationAccepted,
  InvitationInfo,
  TeamListQuery,
  TeamOverview,
  UpdateMemberInput,
} from './team.schema'

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
      const params = new URLSearchParams()
      if (filters.search) params.set('search', filters.search)
      if (filters.nivel !== 'todos') params.set('nivel', filters.nivel)
      const query = params.size > 0 ? `?${params}` : ''
      return requestJson<TeamOverview>(`/api/team${query}`, { signal })
    },
    // Keep the rows on screen while the next search runs instead of flashing the skeleton per keystroke.
    placeholderData: keepPreviousData,
    // The online dots age: refresh them while the page stays open.
    refetchInterval: 60_000,
  })
}

const memberUrl = (id: string) => `/api/team/${encodeURIComponent(id)}`

/**
 * PUT and the 204 answers (DELETE, invitation resend/cancel) are outside requestJson: no body comes back, so
 * a success is not parsed as JSON; errors still become ApiRequestError with the server's pt-BR message.
 */
async function send(url: string, method: 'PUT' | 'POST' | 'DELETE', body?: unknown): Promise<void> {
  await unwrap(
    fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) =>
      response.ok ? { ok: true, status: response.status, json: () => Promise.resolve(null) } : response,
    ),
  )
}

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
        ? requestJson<{ id: string; convite: boolean }>('/api/team', { method: 'POST', body: data })
        : send(memberUrl(id), 'PUT', data).then(() => ({ id, convite: false })),
  )
}

export function useDeactivateMember() {
  return useInvalidatingMutation((id: string) => send(memberUrl(id), 'DELETE'))
}

export function useResendInvitation() {
  return useInvalidatingMutation((id: string) => send(`${memberUrl(id)}/invitation`, 'POST'))
}

export function useCancelInvitation() {
  return useInvalidatingMutation((id: string) => send(`${memberUrl(id)}/invitation`, 'DELETE'))
}

/** What the invitation page shows; the token is the credential, so no session is needed. */
export function getInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) =>
      requestJson<InvitationInfo>(`/api/team/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: 0,
  })
}

export function acceptInvitation(token: string) {
  return requestJson<InvitationAccepted>(`/api/team/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
  })
}
