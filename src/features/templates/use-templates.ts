import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap, unwrapEmpty } from '../../lib/api-client'
import { uploadFile } from '../documents/documents.public'
import type {
  TemplateCreateInput,
  TemplateDetail,
  TemplateGenerateInput,
  TemplateKind,
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
const templates = api.templates
const idParam = (id: string) => ({ id: enc(id) })

export function getTemplatesQueryOptions() {
  return queryOptions({
    queryKey: templateKeys.list(),
    queryFn: ({ signal }) => unwrap(templates.$get({}, { init: { signal } })),
    select: (data) => data.items,
  })
}

export function getTemplateQueryOptions(id: string) {
  return queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => unwrap(templates[':id'].$get({ param: idParam(id) }, { init: { signal } })),
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
        ? unwrap(templates.$post({ json: data as TemplateCreateInput }))
        : unwrap(templates[':id'].$patch({ param: idParam(id), json: data })),
    onSettled: () => invalidateTemplates(queryClient),
  })
}

/** DELETE may answer 204 (no JSON). */
const deleteTemplate = (id: string) => unwrapEmpty(templates[':id'].$delete({ param: idParam(id) }))

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
      unwrap(templates[':id'].preview.$post({ param: idParam(id), json: data })),
  })
}

export function useGenerateDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: TemplateGenerateInput }) =>
      unwrap(templates[':id'].generate.$post({ param: idParam(id), json: data })),
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
