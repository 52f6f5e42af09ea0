import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts, renderApp, testQueryClient } from '../../test/render-app'
import { getEstadosQueryOptions } from '../reference/reference.public'
import { ClientFormDialog } from './client-form'

// 'Novo Cliente' (spec §2 CRM, §5 Client form): the document is a CPF for a pessoa física and a CNPJ for a
// pessoa jurídica, its label follows tipo_pessoa, and a wrong number is refused on submit, before any request.

const ESTADOS = [{ id: 35, nome: 'São Paulo', sigla: 'SP' }]

function renderClientForm() {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const client = testQueryClient((cache) => cache.setQueryData(getEstadosQueryOptions().queryKey, ESTADOS))
  const rendered = renderApp(<ClientFormDialog open clientId={null} onOpenChange={() => {}} />, client)
  const dialog = screen.getByRole('dialog', { name: 'Novo Cliente' })
  return { ...rendered, dialog, fetchSpy }
}

afterEach(() => vi.restoreAllMocks())

const tipoPessoa = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Tipo de pessoa' })
const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Cadastrar' })

async function chooseTipo(
  user: ReturnType<typeof renderClientForm>['user'],
  dialog: HTMLElement,
  label: 'Pessoa Física' | 'Pessoa Jurídica',
) {
  await user.click(tipoPessoa(dialog))
  await user.click(screen.getByRole('option', { name: label }))
  expect(tipoPessoa(dialog).textContent).toBe(label)
}

describe('ClientFormDialog', () => {
  it("labels the document 'CPF' for a pessoa física and 'CNPJ' for a pessoa jurídica", async () => {
    const { user, dialog } = renderClientForm()
    expect(tipoPessoa(dialog).textContent).toBe('Pessoa Física')
    expect(within(dialog).getByRole('textbox', { name: 'CPF' })).toBeDefined()
    expect(within(dialog).queryByRole('textbox', { name: 'CNPJ' })).toBeNull()
    // Birth date only for a pessoa física (spec §2).
    expect(within(dialog).queryByLabelText('Data de nascimento')).not.toBeNull()

    await chooseTipo(user, dialog, 'Pessoa Jurídica')
    const cnpj = within(dialog).getByRole('textbox', { name: 'CNPJ' })
    expect(cnpj.getAttribute('placeholder')).toBe('00.000.000/0000-00')
    expect(within(dialog).getByText('CNPJ alfanumérico aceito.')).toBeDefined()
    expect(within(dialog).queryByRole('textbox', { name: 'CPF' })).toBeNull()
    expect(within(dialog).queryByLabelText('Data de nascimento')).toBeNull()

    await chooseTipo(user, dialog, 'Pessoa Física')
    expect(within(dialog).getByRole('textbox', { name: 'CPF' }).getAttribute('placeholder')).toBe(
      '000.000.000-00',
    )
  })

  it('shows no message before the user changed a field or submitted', async () => {
    const { user, dialog } = renderClientForm()
    await user.click(within(dialog).getByRole('textbox', { name: 'Nome completo *' }))
    await user.click(within(dialog).getByRole('textbox', { name: 'CPF' }))
    await user.click(within(dialog).getByRole('textbox', { name: 'E-mail' }))
    expect(alerts()).toEqual([])
  })

  it('requires only the name on an empty submit, and sends nothing', async () => {
    const { user, dialog, fetchSpy } = renderClientForm()
    await user.click(submit(dialog))
    await waitFor(() => expect(alerts()).toEqual(['Nome completo é obrigatório']))
    expect(
      within(dialog).getByRole('textbox', { name: 'Nome completo *' }).getAttribute('aria-invalid'),
    ).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it("refuses an invalid CPF on submit with 'CPF inválido', and drops it once the CPF is valid", async () => {
    const { user, dialog, fetchSpy } = renderClientForm()
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome completo *' }), 'Clara Souza')
    const cpf = within(dialog).getByRole('textbox', { name: 'CPF' }) as HTMLInputElement
    await user.type(cpf, '11111111111')
    expect(cpf.value).toBe('111.111.111-11') // masked as typed

    await user.click(submit(dialog))
    await waitFor(() => expect(alerts()).toEqual(['CPF inválido']))
    expect(cpf.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()

    await user.clear(cpf)
    await user.type(cpf, '52998224725')
    expect(cpf.value).toBe('529.982.247-25')
    await waitFor(() => expect(alerts()).toEqual([]))
  })

  it("refuses an invalid CNPJ with 'CNPJ inválido' for a pessoa jurídica", async () => {
    const { user, dialog, fetchSpy } = renderClientForm()
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome completo *' }), 'Souza & Filhos Ltda')
    await chooseTipo(user, dialog, 'Pessoa Jurídica')
    await user.type(within(dialog).getByRole('textbox', { name: 'CNPJ' }), '11222333000100')

    await user.click(submit(dialog))
    await waitFor(() => expect(alerts()).toEqual(['CNPJ inválido']))
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
