import type { Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { insertDocument, type DocumentUploadData } from '../documents/documents.public.server'
import { docxToHtml, fillDocxTemplate } from './docx-template.server'
import { buildMergeValues, MERGE_FIELD_KEYS, type MergeInput } from './merge-fields'
import { fillHtml } from './merge-fill'
import { renderDocx } from './render-docx.server'
import { renderPdf } from './render-pdf.server'
import {
  discardOnFailure,
  loadTemplateDocx,
  storeGeneratedFile,
  templateStorage,
} from './templates.files.server'
import {
  TEMPLATE_MESSAGES,
  type TemplateGenerated,
  type TemplateGenerateData,
  type TemplateKind,
  type TemplatePreview,
  type TemplatePreviewData,
} from './templates.schema'
import {
  findTemplate,
  type Executor,
  type TemplateRecord,
  type TemplateViewer,
} from './templates.service.server'
import { loadCase, loadClient, loadLawyer, loadOffice } from './templates.sources.server'

// 'Gerar documento' (issue 25): a template filled from the records the member may see. The preview shows the
// filled text with every missing field marked; generation fills it for good (a still-missing field becomes a
// blank line to complete by hand) and saves a PDF and a DOCX into Documents, linked to the client and case.

/** Where a generated piece is filed (spec §9's folders): contracts and powers of attorney together. */
export const FOLDER_BY_KIND: Readonly<Record<TemplateKind, DocumentUploadData['pasta']>> = {
  procuracao: 'contratos',
  contrato: 'contratos',
  substabelecimento: 'contratos',
  recibo: 'contratos',
  declaracao: 'documentos_pessoais',
  outro: 'minutas',
}

async function loadTemplate(db: Executor, viewer: TemplateViewer, id: string): Promise<TemplateRecord> {
  const template = await findTemplate(db, viewer.officeId, id)
  if (!template) throw notFound(TEMPLATE_MESSAGES.notFound)
  return template
}

/** Every record the merge reads, each within the member's reach (404 otherwise), as MergeInput. */
async function mergeSources(db: Executor, viewer: TemplateViewer, body: TemplatePreviewData) {
  const client = await loadClient(db, viewer, body.clientId)
  const kase = body.caseId ? await loadCase(db, viewer, body.caseId, client.id) : null
  const [office, lawyer] = await Promise.all([loadOffice(db, viewer.officeId), loadLawyer(db, viewer)])
  const input: MergeInput = {
    client,
    case: kase,
    office,
    lawyer,
    honorarios: body.honorarios ?? null,
    now: new Date(),
    city: lawyer.cidade,
  }
  return { client, kase, office, input }
}

/** POST /:id/preview — the filled text with the missing fields marked ('Campo sem valor: RG do cliente'). */
export async function previewTemplate(
  c: Context<AppEnv>,
  viewer: TemplateViewer,
  id: string,
  body: TemplatePreviewData,
): Promise<TemplatePreview> {
  const db = c.get('db')
  const template = await loadTemplate(db, viewer, id)
  const { client, input } = await mergeSources(db, viewer, body)
  const filled = fillHtml(template.html, buildMergeValues(input), { mode: 'preview' })
  // The answer carries the client's qualification (CPF, RG, address): a full read of the record.
  await recordOfficeAudit(c, {
    action: 'client.read',
    entity: 'client',
    entityId: client.id,
    details: { via: 'template.preview', templateId: template.id },
  })
  return { html: filled.html, missing: filled.missing }
}

/** The merge values with the user's typed ones first; unknown keys are refused (400). */
function withOverrides(
  values: Record<string, string | null>,
  overrides: Record<string, string> | undefined,
): Record<string, string | null> {
  const out = { ...values }
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (!MERGE_FIELD_KEYS.has(key)) {
      throw new ApiError(400, 'validation', TEMPLATE_MESSAGES.invalidOverride, {
        overrides: TEMPLATE_MESSAGES.invalidOverride,
      })
    }
    const trimmed = value.trim()
    if (trimmed !== '') out[key] = trimmed
  }
  return out
}

/** 'Procuração ad judicia et extra — Maria Silva.pdf', within the documents' 255 characters. */
export function generatedName(templateName: string, clientName: string, extension: 'pdf' | 'docx'): string {
  const suffix = `.${extension}`
  // No path separators, reserved characters or control characters in a name offered for download.
  const base = [...`${templateName} — ${clientName}`]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
  return `${base.slice(0, 255 - suffix.length).trim()}${suffix}`
}

/** The PDF and DOCX of a filled template: an editor template is drawn from its HTML, a Word one from its file. */
async function renderBoth(
  c: Context<AppEnv>,
  template: TemplateRecord,
  values: Record<string, string | null>,
  letterhead: Parameters<typeof renderPdf>[0]['letterhead'],
): Promise<{ pdf: Buffer; docx: Buffer }> {
  if (template.source === 'docx' && template.docxStorageKey) {
    const original = await loadTemplateDocx(templateStorage(c.get('deps')), template.docxStorageKey)
    if (!original) throw new ApiError(409, 'file_unavailable', TEMPLATE_MESSAGES.fileUnavailable)
    // A field still without a value prints as a blank line (fillDocxTemplate's null), as in the HTML's 'final'.
    const docx = fillDocxTemplate(original, values)
    const html = await docxToHtml(docx)
    const pdf = await renderPdf({ html, title: template.name, letterhead })
    return { pdf, docx }
  }
  const { html } = fillHtml(template.html, values, { mode: 'final' })
  const [pdf, docx] = await Promise.all([
    renderPdf({ html, title: template.name, letterhead }),
    renderDocx({ html, title: template.name, letterhead }),
  ])
  return { pdf, docx }
}

/** POST /:id/generate — renders, stores both files, then records both documents and the audit in one go. */
export async function generateDocuments(
  c: Context<AppEnv>,
  viewer: TemplateViewer,
  id: string,
  body: TemplateGenerateData,
): Promise<TemplateGenerated> {
  const db = c.get('db')
  const template = await loadTemplate(db, viewer, id)
  const { client, kase, office, input } = await mergeSources(db, viewer, body)
  const values = withOverrides(buildMergeValues(input), body.overrides)
  const letterhead = {
    officeName: office.nome,
    cnpj: office.cnpj,
    oab: office.oab,
    address: office.endereco,
    logo: null,
  }
  const { pdf, docx } = await renderBoth(c, template, values, letterhead)

  const deps = c.get('deps')
  const pdfFile = await storeGeneratedFile(deps, db, viewer.officeId, pdf, {
    tipo: 'PDF',
    originalName: generatedName(template.name, client.nomeCompleto, 'pdf'),
  })
  const docxFile = await discardOnFailure(templateStorage(deps), [pdfFile.storageKey], () =>
    storeGeneratedFile(deps, db, viewer.officeId, docx, {
      tipo: 'DOCX',
      originalName: generatedName(template.name, client.nomeCompleto, 'docx'),
    }),
  )
  return discardOnFailure(templateStorage(deps), [pdfFile.storageKey, docxFile.storageKey], () =>
    db.transaction(async (tx) => {
      const data = (name: string): DocumentUploadData => ({
        name,
        pasta: FOLDER_BY_KIND[template.kind],
        nivelAcesso: body.nivelAcesso,
        etiquetas: [],
        clientId: client.id,
        caseId: kase?.id ?? null,
        observacoes: `Gerado do modelo '${template.name}'.`,
      })
      const pdfDocumentId = await insertDocument(tx, viewer, data(pdfFile.originalName), pdfFile)
      const docxDocumentId = await insertDocument(tx, viewer, data(docxFile.originalName), docxFile)
      await recordOfficeAudit(
        c,
        {
          action: 'template.generate',
          entity: 'template',
          entityId: template.id,
          details: {
            clientId: client.id,
            caseId: kase?.id ?? null,
            pdfDocumentId,
            docxDocumentId,
            filledByHand: Object.keys(body.overrides ?? {}).length,
          },
        },
        tx,
      )
      return { pdfDocumentId, docxDocumentId, pdfName: pdfFile.originalName }
    }),
  )
}
