import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiRequestError, unwrap } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import type {
  CreateSignatureBody,
  PublicSigningInfo,
  SignatureBadges,
  SignatureRequestRow,
  SignBody,
  VerificationResult,
} from './signatures.schema'

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
        const query = new URLSearchParams({ documentIds: [...ids].join(',') })
        requestJson<SignatureBadges>(`/api/signatures/status?${query}`).then(resolve, reject)
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

export function useDocumentSignatures(documentId: string, enabled: boolean) {
  return useQuery({
    queryKey: signatureKeys.document(documentId),
    queryFn: ({ signal }) =>
      requestJson<SignatureRequestRow[]>(`/api/signatures?${new URLSearchParams({ documentId })}`, {
        signal,
      }),
    enabled,
  })
}

export function useSendForSignature() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSignatureBody) =>
      requestJson<{ id: string }>('/api/signatures', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signatureKeys.all }),
  })
}

export function useCancelSignature() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        fetch(`/api/signatures/${encodeURIComponent(id)}/cancel`, {
          method: 'POST',
          credentials: 'same-origin',
        }).then((response) => ({
          ok: response.ok,
          status: response.status,
          json: async () => (response.ok ? null : response.json()),
        })),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signatureKeys.all }),
  })
}

// ---- The signer's page (no session) ----

const linkUrl = (token: string, rest = '') => `/api/signatures/public/${encodeURIComponent(token)}${rest}`

export function signingFileUrl(token: string): string {
  return linkUrl(token, '/file')
}

export function getSigningLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: signatureKeys.link(token),
    queryFn: ({ signal }) => requestJson<PublicSigningInfo>(linkUrl(token), { signal }),
    retry: false,
    staleTime: 0,
  })
}

export const sendSigningCode = (token: string) =>
  requestJson<{ sent: true }>(linkUrl(token, '/code'), { method: 'POST' })
export const signDocument = (token: string, body: SignBody) =>
  requestJson<{ signed: true; complete: boolean }>(linkUrl(token, '/sign'), { method: 'POST', body })
export const refuseDocument = (token: string, reason?: string) =>
  requestJson<{ refused: true }>(linkUrl(token, '/refuse'), { method: 'POST', body: { reason } })

// ---- /verificar ----

export const verifyByCode = (code: string) =>
  requestJson<VerificationResult>(`/api/signatures/verify?${new URLSearchParams({ code })}`)

export async function verifyPdf(file: File): Promise<VerificationResult> {
  return unwrap<VerificationResult>(
    fetch('/api/signatures/verify', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/pdf', accept: 'application/json' },
      body: file,
    }),
  )
}

export const isApiError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError
