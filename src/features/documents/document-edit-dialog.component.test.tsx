import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts } from '../../test/render-app'
import { renderDialog } from '../../test/render-dialog'
import { DocumentEditDialog } from './document-edit-dialog'
import type { NivelAcesso } from '../offices/offices.public'
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
  compartilhadoCliente: false,
  cliente: null,
  caso: null,
  enviadoPor: null,
  dataUpload: '2030-05-01T12:00:00.000Z',
  updatedAt: '2030-05-01T12:00:00.000Z',
}

function renderEditDialog(document: DocumentRow = contrato, nivelAcesso: NivelAcesso = 'socio') {
  const rendered = renderDialog(
    <DocumentEditDialog document={document} open onOpenChange={() => {}} />,
    'Editar Documento',
    nivelAcesso,
  )
  const { dialog } = rendered
  return {
    ...rendered,
    nome: within(dialog).getByRole('textbox', { name: 'Nome *' }) as HTMLInputElement,
    etiquetas: within(dialog).getByRole('textbox', { name: 'Etiquetas' }) as HTMLInputElement,
    share: within(dialog).getByRole('switch', { name: 'Compartilhar com o cliente' }) as HTMLButtonElement,
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

// 'Compartilhar com o cliente' (issue 26): off by default, only for a document with a client or a case, and a
// confidencial one only by a sócio who confirms — the body then carries confirmarConfidencial.
const deCliente: DocumentRow = {
  ...contrato,
  cliente: { id: '00000000-0000-4000-8000-000000000009', nomeCompleto: 'João da Silva' },
}
const confidencial: DocumentRow = { ...deCliente, nivelAcesso: 'confidencial' }

/** Submits and hands back the PATCH body (the request then fails as offline: no answer is made up). */
async function sentBody(rendered: ReturnType<typeof renderEditDialog>) {
  rendered.fetchSpy.mockRejectedValue(new TypeError('offline'))
  await rendered.user.click(rendered.submit)
  await waitFor(() => expect(rendered.fetchSpy).toHaveBeenCalledOnce())
  const [url, init] = rendered.fetchSpy.mock.calls[0]!
  expect(String(url)).toBe(`/api/documents/${contrato.id}`)
  expect(init?.method).toBe('PATCH')
  return JSON.parse(String(init?.body)) as Record<string, unknown>
}

describe('DocumentEditDialog: sharing with the client', () => {
  it('is off, and disabled with a hint, for a document with neither client nor case', () => {
    const { dialog, share } = renderEditDialog()
    expect(share.getAttribute('aria-checked')).toBe('false')
    expect(share.disabled).toBe(true)
    expect(
      within(dialog).getByText('Vincule o documento a um cliente ou processo para compartilhar.'),
    ).toBeDefined()
  })

  it("an associado shares a client's document: the body carries it", async () => {
    const rendered = renderEditDialog(deCliente, 'associado')
    expect(rendered.share.disabled).toBe(false)
    await rendered.user.click(rendered.share)
    expect(rendered.share.getAttribute('aria-checked')).toBe('true')
    const body = await sentBody(rendered)
    expect(body.compartilhadoCliente).toBe(true)
    expect(body).not.toHaveProperty('confirmarConfidencial')
  })

  it('sends no sharing when it was left as it was', async () => {
    const body = await sentBody(renderEditDialog(deCliente))
    expect(body).not.toHaveProperty('compartilhadoCliente')
  })

  it('a confidencial document: disabled for an associado, with the reason', () => {
    const { dialog, share } = renderEditDialog(confidencial, 'associado')
    expect(share.disabled).toBe(true)
    expect(
      within(dialog).getByText('Somente um sócio pode compartilhar documentos confidenciais.'),
    ).toBeDefined()
  })

  it('a confidencial document: a sócio confirms first, and the body says so', async () => {
    const rendered = renderEditDialog(confidencial, 'socio')
    const { user, share } = rendered
    const question = 'Este documento é confidencial. Compartilhar com o cliente mesmo assim?'

    await user.click(share)
    await user.click(
      within(screen.getByRole('alertdialog', { name: question })).getByRole('button', { name: 'Cancelar' }),
    )
    expect(share.getAttribute('aria-checked')).toBe('false')

    await user.click(share)
    await user.click(
      within(screen.getByRole('alertdialog', { name: question })).getByRole('button', {
        name: 'Compartilhar',
      }),
    )
    expect(share.getAttribute('aria-checked')).toBe('true')
    const body = await sentBody(rendered)
    expect(body).toMatchObject({ compartilhadoCliente: true, confirmarConfidencial: true })
  })

  it('a sócio making a shared document confidencial is asked on submit', async () => {
    const rendered = renderEditDialog({ ...deCliente, compartilhadoCliente: true }, 'socio')
    const { user, dialog, fetchSpy } = rendered
    await user.click(within(dialog).getByRole('combobox', { name: 'Nível de acesso' }))
    await user.click(screen.getByRole('option', { name: 'Confidencial' }))
    fetchSpy.mockRejectedValue(new TypeError('offline'))
    await user.click(rendered.submit)
    const confirm = await screen.findByRole('alertdialog')
    expect(fetchSpy).not.toHaveBeenCalled()
    await user.click(within(confirm).getByRole('button', { name: 'Compartilhar' }))
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledOnce())
    const body = JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)) as Record<string, unknown>
    expect(body).toMatchObject({ nivelAcesso: 'confidencial', confirmarConfidencial: true })
    expect(body).not.toHaveProperty('compartilhadoCliente')
  })
})
