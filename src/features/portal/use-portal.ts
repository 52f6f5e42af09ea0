import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { api, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import type { AcceptInviteInput, PortalAccessStatusDto } from './portal.schema'

// The portal's browser calls (issue 26): the client's side (/api/portal) and the office's access card
// (/api/portal-office). Query keys start with 'portal'.

export const portalKeys = {
  all: ['portal'] as const,
  accesses: () => [...portalKeys.all, 'accesses'] as const,
  office: (officeId: string) => [...portalKeys.all, 'o', officeId] as const,
  home: (officeId: string) => [...portalKeys.office(officeId), 'home'] as const,
  case: (officeId: string, caseId: string) => [...portalKeys.office(officeId), 'case', caseId] as const,
  pix: (officeId: string, entryId: string) => [...portalKeys.office(officeId), 'pix', entryId] as const,
  invite: (token: string) => [...portalKeys.all, 'invite', token] as const,
  officeAccess: (clientId: string) => [...portalKeys.all, 'office-access', clientId] as const,
}

// --- Which office's portal is open: the last one chosen, kept in this browser.

export const PORTAL_OFFICE_STORAGE_KEY = 'jusconecta-portal-office'
const officeListeners = new Set<() => void>()

function readStoredOffice(): string | null {
  try {
    return localStorage.getItem(PORTAL_OFFICE_STORAGE_KEY)
  } catch {
    return null
  }
}

export function storePortalOffice(officeId: string) {
  try {
    localStorage.setItem(PORTAL_OFFICE_STORAGE_KEY, officeId)
  } catch {
    // storage blocked: the choice lasts until reload
  }
  officeListeners.forEach((listener) => listener())
}

export function useStoredPortalOffice(): string | null {
  return useSyncExternalStore(
    (listener) => {
      officeListeners.add(listener)
      return () => officeListeners.delete(listener)
    },
    readStoredOffice,
    () => null,
  )
}

// --- Client side.

export const getPortalAccessesQueryOptions = () =>
  queryOptions({
    queryKey: portalKeys.accesses(),
    queryFn: () => unwrap(api.portal.accesses.$get()),
  })

export function usePortalAccesses() {
  return useQuery(getPortalAccessesQueryOptions())
}

export const getPortalHomeQueryOptions = (officeId: string) =>
  queryOptions({
    queryKey: portalKeys.home(officeId),
    queryFn: () => unwrap(api.portal.o[':officeId'].home.$get({ param: { officeId } })),
  })

export function usePortalHome(officeId: string) {
  return useQuery(getPortalHomeQueryOptions(officeId))
}

export const getPortalCaseQueryOptions = (officeId: string, caseId: string) =>
  queryOptions({
    queryKey: portalKeys.case(officeId, caseId),
    queryFn: () => unwrap(api.portal.o[':officeId'].cases[':caseId'].$get({ param: { officeId, caseId } })),
  })

export function usePortalCase(officeId: string, caseId: string) {
  return useQuery(getPortalCaseQueryOptions(officeId, caseId))
}

export const getPortalPixQueryOptions = (officeId: string, entryId: string) =>
  queryOptions({
    queryKey: portalKeys.pix(officeId, entryId),
    queryFn: () =>
      unwrap(api.portal.o[':officeId'].charges[':entryId'].pix.$get({ param: { officeId, entryId } })),
  })

export function usePortalPix(officeId: string, entryId: string) {
  return useQuery(getPortalPixQueryOptions(officeId, entryId))
}

const officeBase = (officeId: string) => `/api/portal/o/${encodeURIComponent(officeId)}`

/** A shared document's file, saved under the server's name. */
export async function downloadPortalDocument(officeId: string, documentId: string, fallbackName: string) {
  const response = await apiFetch(`${officeBase(officeId)}/documents/${encodeURIComponent(documentId)}/file`)
  await saveResponseAsFile(response, fallbackName)
}

/** A paid charge's receipt (PDF). */
export async function downloadPortalReceipt(officeId: string, entryId: string) {
  const response = await apiFetch(`${officeBase(officeId)}/charges/${encodeURIComponent(entryId)}/receipt`)
  await saveResponseAsFile(response, 'recibo.pdf')
}

/** 'Baixar meus dados' (LGPD): everything this office holds about the client, as JSON. */
export async function downloadPortalExport(officeId: string) {
  const response = await apiFetch(`${officeBase(officeId)}/export`)
  await saveResponseAsFile(response, 'meus-dados-portal.json')
}

/**
 * Whether the signed-in account has two-factor on. A client's account has no /api/me (403 portal_account), so
 * this reads better-auth's own session answer; the key starts with 'me' so the 2FA card's refresh after a
 * change (which invalidates ['me']) reaches it.
 */
export const getPortalTwoFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'portal-two-factor'] as const,
    queryFn: async () => {
      const response = await apiFetch('/api/auth/get-session')
      const body = (await response.json().catch(() => null)) as {
        user?: { twoFactorEnabled?: boolean | null }
      } | null
      return body?.user?.twoFactorEnabled === true
    },
  })

export function usePortalTwoFactor() {
  return useQuery(getPortalTwoFactorQueryOptions())
}

// --- The invitation link (public: the token is the credential).

export const getPortalInviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: portalKeys.invite(token),
    queryFn: () => unwrap(api.portal.invites[':token'].$get({ param: { token } })),
  })

export function usePortalInvite(token: string) {
  return useQuery(getPortalInviteQueryOptions(token))
}

export function useAcceptPortalInvite(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AcceptInviteInput) =>
      unwrap(api.portal.invites[':token'].accept.$post({ param: { token }, json: body })),
    // Another account may have been signed in before: nothing cached may carry over to the portal.
    onSuccess: ({ officeId }) => {
      storePortalOffice(officeId)
      queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey[1] !== 'invite' })
    },
  })
}

// --- Office side: the 'Acesso ao Portal' card on the client's record.

export const getPortalOfficeAccessQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: portalKeys.officeAccess(clientId),
    queryFn: () => unwrap(api['portal-office'].clients[':clientId'].access.$get({ param: { clientId } })),
  })

export function usePortalOfficeAccess(clientId: string) {
  return useQuery(getPortalOfficeAccessQueryOptions(clientId))
}

/** 'Convidar' / 'Reenviar' (a new link; the old one stops working) and 'Revogar'. */
export function usePortalAccessActions(clientId: string) {
  const queryClient = useQueryClient()
  const setStatus = useCallback(
    (status: PortalAccessStatusDto) => queryClient.setQueryData(portalKeys.officeAccess(clientId), status),
    [clientId, queryClient],
  )
  const invite = useMutation({
    mutationFn: () => unwrap(api['portal-office'].clients[':clientId'].invite.$post({ param: { clientId } })),
    onSuccess: setStatus,
  })
  const revoke = useMutation({
    mutationFn: () => unwrap(api['portal-office'].clients[':clientId'].revoke.$post({ param: { clientId } })),
    onSuccess: setStatus,
  })
  return { invite, revoke }
}
