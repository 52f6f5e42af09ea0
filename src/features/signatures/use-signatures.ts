import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiRequestError, unwrap, unwrapEmpty } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import type { CreateSignatureBody, SignatureBadges, SignBody, VerificationResult } from './signatures.schema'

export const signatureKeys = {
  all: ['signatures'] as const,
  badge: (documentId: string) => ['signatures', 'badge', documentId] as const,
  document: (documentId: string) => ['signatures', 'document', documentId] as const,
  link: (token: string) => ['signatures', 'link', token] as const,
}

// The documents list shows one badge per row: the rows' requests are gathered for one tick and asked for
// in a single GET /api/signatures/status (a page of 50 documents is one request, not 50).
let pending: { ids: Set<string>; promise: Promise<SignatureBadges> } | null = null
function badgeFor(documentId: string): Promise<SignatureBadges[string] | null> {
  if (!pending) {
    const ids = new Set<string>()
    const promise = new Promise<SignatureBadges>((resolve, reject) => {
      setTimeout(() => {
        pending = null
        unwrap(api.signatures.status.$get({ query: { documentIds: [...ids].join(',') } })).then(
          resolve,
          reject,
        )
      }, 0)
    })
    pending = { ids, promise }
  }
  pending.ids.add(documentId)
  return pending.promise.then((badges) => badges[documentId] ?? null)
}

export function useSignatureBadge(documentId: string, enabled: boolean) {
  return useQuery({
    queryKey: signatureKeys.badge(documentId),
    queryFn: () => badgeFor(documentId),
    enabled,
    staleTime: 30_000,
  })
}

export function getDocumentSignaturesQueryOptions(documentId: string) {
  return queryOptions({
    queryKey: signatureKeys.document(documentId),
    queryFn: ({ signal }) => unwrap(api.signatures.$get({ query: { documentId } }, { init: { signal } })),
  })
}

export function useDocumentSignatures(documentId: string, enabled: boolean) {
  return useQuery({ ...getDocumentSignaturesQueryOptions(documentId), enabled })
}

/** The document's client, to fill its e-mail in as the first signer's. */
export function getSignerClientQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['signatures', 'client', clientId],
    queryFn: ({ signal }) =>
      unwrap(api.clients[':id'].$get({ param: { id: encodeURIComponent(clientId) } }, { init: { signal } })),
    retry: false,
  })
}

export function useSendForSignature() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSignatureBody) => unwrap(api.signatures.$post({ json: body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signatureKeys.all }),
  })
}

export function useCancelSignature() {
  const queryClient = useQueryClient()
  return useMutation({
    // 204: no body to read.
    mutationFn: (id: string) =>
      unwrapEmpty(api.signatures[':id'].cancel.$post({ param: { id: encodeURIComponent(id) } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signatureKeys.all }),
  })
}

// ---- The signer's page (no session) ----

const link = api.signatures.public[':token']
const tokenParam = (token: string) => ({ param: { token: encodeURIComponent(token) } })

export function signingFileUrl(token: string): string {
  return `/api/signatures/public/${encodeURIComponent(token)}/file`
}

export function getSigningLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: signatureKeys.link(token),
    queryFn: ({ signal }) => unwrap(link.$get(tokenParam(token), { init: { signal } })),
    retry: false,
    staleTime: 0,
  })
}

export const sendSigningCode = (token: string) => unwrap(link.code.$post(tokenParam(token)))
export const signDocument = (token: string, body: SignBody) =>
  unwrap(link.sign.$post({ ...tokenParam(token), json: body }))
export const refuseDocument = (token: string, reason?: string) =>
  unwrap(link.refuse.$post({ ...tokenParam(token), json: { reason } }))

// ---- /verificar ----

export const verifyByCode = (code: string) => unwrap(api.signatures.verify.$get({ query: { code } }))

/** The PDF's raw bytes are the body (an upload), so the raw helper rather than the typed client. */
export async function verifyPdf(file: File): Promise<VerificationResult> {
  const response = await apiFetch('/api/signatures/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', accept: 'application/json' },
    body: file,
  })
  return (await response.json()) as VerificationResult
}

export const isApiError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError
