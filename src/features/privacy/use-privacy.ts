import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import { ANONYMIZE_CONFIRMATION, type DeletionStatus, type RequestDeletionInput } from './privacy.schema'

export const privacyKeys = {
  all: ['privacy'] as const,
  deletion: () => [...privacyKeys.all, 'deletion'] as const,
}

export const deletionStatusQueryOptions = () =>
  queryOptions({
    queryKey: privacyKeys.deletion(),
    queryFn: () => unwrap(api.privacy.deletion.$get()),
  })

export function useDeletionStatus() {
  return useQuery(deletionStatusQueryOptions())
}

/** Schedules (POST) or cancels (DELETE) the deletion; the answer is the new status either way. */
export function useDeletionRequest() {
  const queryClient = useQueryClient()
  const onSuccess = (status: DeletionStatus) => queryClient.setQueryData(privacyKeys.deletion(), status)
  const request = useMutation({
    mutationFn: (data: RequestDeletionInput) => unwrap(api.privacy.deletion.$post({ json: data })),
    onSuccess,
  })
  const cancel = useMutation({
    mutationFn: () => unwrap(api.privacy.deletion.$delete()),
    onSuccess,
  })
  return { request, cancel }
}

/** "Baixar meus dados": the server names the file (meus-dados-jusconecta-AAAA-MM-DD.json). */
export async function downloadMyData(): Promise<void> {
  const response = await apiFetch('/api/privacy/export')
  await saveResponseAsFile(response, 'meus-dados-jusconecta.json')
}

export function useAnonymizeClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clientId: string) =>
      unwrap(
        api.clients[':id'].anonymize.$post({
          param: { id: encodeURIComponent(clientId) },
          json: { confirmacao: ANONYMIZE_CONFIRMATION },
        }),
      ),
    // The client list, the cases (their client's name) and the dashboard counters change. An open
    // record is left alone: refetching it would log another audited read of the client.
    onSuccess: () =>
      Promise.all(
        [['clients'], ['cases'], ['dashboard', 'counts']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryKey[1] !== 'detail' }),
        ),
      ),
  })
}
