import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { errorFromResponse, unwrap } from '../../lib/api-client'
import { requestJson } from '../../lib/request-json'
import { uploadFile } from '../documents/documents.public'
import type {
  TemplateCreateInput,
  TemplateDetail,
  TemplateGenerated,
  TemplateGenerateInput,
  TemplateKind,
  TemplateList,
  TemplatePreview,
  TemplatePreviewInput,
  TemplateUpdateInput,
} from './templates.schema'

// TanStack Query hooks of the Modelos tab and the 'Gerar documento' dialog. Every key starts with
// 'templates', so one invalidateQueries({ queryKey: ['templates'] }) refreshes the list and the details.

export const templateKeys = {
  all: ['templates'] as const,
  list: () => ['templates', 'list'] as const,
  detail: (id: string) => ['templates', 'detail', id] as const,
}

const BASE = '/api/templates'
const enc = encodeURIComponent

export function getTemplatesQueryOptions() {
  return queryOptions({
    queryKey: templateKeys.list(),
    queryFn: ({ signal }) => requestJson<TemplateList>(BASE, { signal }),
    select: (data) => data.items,
  })
}

export function getTemplateQueryOptions(id: string) {
  return queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => requestJson<TemplateDetail>(`${BASE}/${enc(id)}`, { signal }),
    // The editor opens on what the server holds now, not on a copy from earlier in the visit.
    staleTime: 0,
  })
}

function invalidateTemplates(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: templateKeys.all })
}

/** Create (id null) or update an editor template. */
export function useSaveTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string | null; data: TemplateCreateInput | TemplateUpdateInput }) =>
      id === null
        ? requestJson<TemplateDetail>(BASE, { method: 'POST', body: data })
        : requestJson<TemplateDetail>(`${BASE}/${enc(id)}`, { method: 'PATCH', body: data }),
    onSettled: () => invalidateTemplates(queryClient),
  })
}

/** DELETE may answer 204 (no JSON), so not requestJson. */
async function deleteTemplate(id: string): Promise<void> {
  let response: Response
  try {
    response = await fetch(`${BASE}/${enc(id)}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
  } catch {
    // unwrap() turns a network failure into the house's pt-BR message.
    return unwrap(Promise.reject(new Error('network')))
  }
  if (!response.ok) throw await errorFromResponse(response)
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTemplate,
    onSettled: () => invalidateTemplates(queryClient),
  })
}

/** The raw .docx bytes as the body (the documents' upload helper: progress and abort). */
export function uploadTemplate(
  input: { name: string; kind: TemplateKind; file: File },
  onProgress: (fraction: number) => void,
) {
  const params = new URLSearchParams({ name: input.name.trim(), kind: input.kind })
  return uploadFile<TemplateDetail>(`${BASE}/upload?${params}`, input.file, onProgress)
}

export function usePreviewTemplate() {
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: TemplatePreviewInput }) =>
      requestJson<TemplatePreview>(`${BASE}/${enc(id)}/preview`, { method: 'POST', body: data }),
  })
}

export function useGenerateDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: TemplateGenerateInput }) =>
      requestJson<TemplateGenerated>(`${BASE}/${enc(id)}/generate`, { method: 'POST', body: data }),
    // Two new documents: the documents' lists and counters (keys 'documents' and the dashboard's).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['documents'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'counts'] }),
      ]),
  })
}

/** Where a generated document's bytes are (GET /api/documents/:id/file, the documents' download). */
export function generatedFileUrl(documentId: string): string {
  return `/api/documents/${enc(documentId)}/file?disposition=attachment`
}
