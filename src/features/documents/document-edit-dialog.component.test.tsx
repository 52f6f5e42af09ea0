import { waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts } from '../../test/render-app'
import { renderDialog } from '../../test/render-dialog'
import { DocumentEditDialog } from './document-edit-dialog'
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, type DocumentRow } from './documents.schema'

// 'Editar Documento' (spec §2 Documents): the metadata of a document; it validates with the route's own schema
// (documentUpdateBody), so each message is the one PATCH /api/documents/:id answers for the same input.

const contrato: DocumentRow = {
  id: '00000000-0000-4000-8000-000000000003',
  nome: 'Contrato de honorários',
  originalName: 'contrato.pdf',
  tipo: 'PDF',
  mimeType: 'application/pdf',
  pasta: 'contratos',
  nivelAcesso: 'restrito',
  versao: 1,
  tamanho: 1024,
  etiquetas: ['contrato', 'urgente'],
  observacoes: null,
  cliente: null,
  caso: null,
  enviadoPor: null,
  dataUpload: '2030-05-01T12:00:00.000Z',
  updatedAt: '2030-05-01T12:00:00.000Z',
}

function renderEditDialog() {
  const rendered = renderDialog(
    <DocumentEditDialog document={contrato} open onOpenChange={() => {}} />,
    'Editar Documento',
  )
  const { dialog } = rendered
  return {
    ...rendered,
    nome: within(dialog).getByRole('textbox', { name: 'Nome *' }) as HTMLInputElement,
    etiquetas: within(dialog).getByRole('textbox', { name: 'Etiquetas' }) as HTMLInputElement,
    submit: within(dialog).getByRole('button', { name: 'Salvar' }),
  }
}

afterEach(() => vi.restoreAllMocks())

describe('DocumentEditDialog', () => {
  it('opens with the document as it is, tags comma-separated', () => {
    const { nome, etiquetas } = renderEditDialog()
    expect(nome.value).toBe('Contrato de honorários')
    expect(etiquetas.value).toBe('contrato, urgente')
    expect(alerts()).toEqual([])
  })

  it('says a blank name and a tag too long as the route does, and sends nothing', async () => {
    const { user, nome, etiquetas, submit, fetchSpy } = renderEditDialog()
    await user.clear(nome)
    await user.type(nome, '   ')
    await user.type(etiquetas, `, ${'x'.repeat(DOCUMENT_LIMITS.etiqueta + 1)}`)
    await user.click(submit)
    await waitFor(() => expect(alerts()).toEqual(['Nome é obrigatório', DOCUMENT_MESSAGES.tagTooLong]))
    expect(nome.getAttribute('aria-invalid')).toBe('true')
    expect(etiquetas.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()

    await user.type(nome, 'Contrato')
    await user.clear(etiquetas)
    await waitFor(() => expect(alerts()).toEqual([]))
  })
})
