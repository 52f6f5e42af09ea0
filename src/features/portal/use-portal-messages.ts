import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import type {
  PortalMessage,
  PortalMessageFile,
  PortalThread,
  SendMessageInput,
} from './portal.messages.schema'

// TanStack Query hooks of the portal's messages (issue 26). One thread component serves both sides, so every
// call takes a `MessageTarget`: the office's thread of one client, or the signed-in client's thread at one
// office. Every key starts with 'portal-messages', so one invalidation refreshes threads and the counter.

export type MessageTarget = { side: 'escritorio'; clientId: string } | { side: 'cliente'; officeId: string }

/** How often an open thread and the dashboard counter look for new messages. */
export const THREAD_POLL_MS = 20_000
const UNREAD_POLL_MS = 60_000

export const portalMessageKeys = {
  all: ['portal-messages'] as const,
  unread: () => ['portal-messages', 'unread'] as const,
  thread: (target: MessageTarget, caseId: string | undefined) =>
    ['portal-messages', 'thread', target, caseId ?? null] as const,
}

const enc = encodeURIComponent
const office = api['portal-office'].messages
const portal = api.portal.o[':officeId'].messages

/** The base path of a target's routes (raw uploads and downloads go through apiFetch). */
function basePath(target: MessageTarget): string {
  return target.side === 'escritorio'
    ? `/api/portal-office/messages/clients/${enc(target.clientId)}`
    : `/api/portal/o/${enc(target.officeId)}/messages`
}

function filesPath(target: MessageTarget): string {
  return target.side === 'escritorio'
    ? '/api/portal-office/messages/files'
    : `/api/portal/o/${enc(target.officeId)}/messages/files`
}

/** The thread (opening it marks the other side's messages read). */
export function getThreadQueryOptions(target: MessageTarget, caseId?: string) {
  return queryOptions({
    queryKey: portalMessageKeys.thread(target, caseId),
    queryFn: ({ signal }): Promise<PortalThread> => {
      const query = caseId ? { caseId } : {}
      return target.side === 'escritorio'
        ? unwrap(
            office.clients[':clientId'].$get(
              { param: { clientId: enc(target.clientId) }, query },
              { init: { signal } },
            ),
          )
        : unwrap(portal.$get({ param: { officeId: enc(target.officeId) }, query }, { init: { signal } }))
    },
    refetchInterval: THREAD_POLL_MS,
  })
}

/**
 * The dashboard's 'Mensagens não lidas'. A member the server refuses (403) shows nothing: the home page never
 * fails because of a counter.
 */
export function getUnreadMessagesQueryOptions() {
  return queryOptions({
    queryKey: portalMessageKeys.unread(),
    queryFn: async ({ signal }): Promise<number | null> => {
      const response = await office.unread.$get({}, { init: { signal } })
      // Read before unwrap(): a refusal here is 'nothing to show', never an office redirect or an error.
      if (response.status === 403 || response.status === 404) return null
      return (await unwrap(Promise.resolve(response))).count
    },
    refetchInterval: UNREAD_POLL_MS,
  })
}

export function useSendMessage(target: MessageTarget) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SendMessageInput): Promise<PortalMessage> =>
      target.side === 'escritorio'
        ? unwrap(
            office.clients[':clientId'].$post({ param: { clientId: enc(target.clientId) }, json: input }),
          )
        : unwrap(portal.$post({ param: { officeId: enc(target.officeId) }, json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalMessageKeys.all }),
  })
}

/** One attachment, as the raw body (the server judges its content); resolves to its pending upload. */
export async function uploadMessageFile(target: MessageTarget, file: File): Promise<PortalMessageFile> {
  const response = await apiFetch(`${basePath(target)}/files?${new URLSearchParams({ name: file.name })}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
    body: file,
  })
  return (await response.json()) as PortalMessageFile
}

/** Saves an attachment under its own name. */
export async function downloadMessageFile(target: MessageTarget, file: PortalMessageFile): Promise<void> {
  const response = await apiFetch(`${filesPath(target)}/${enc(file.id)}`)
  await saveResponseAsFile(response, file.fileName)
}
