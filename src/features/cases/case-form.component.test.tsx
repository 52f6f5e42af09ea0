import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts, renderApp, testQueryClient } from '../../test/render-app'
import { CaseFormDialog } from './case-form'
import { getCaseMemberOptionsQueryOptions, getClientOptionsQueryOptions } from './use-cases'

// 'Novo Caso' (spec §2 Casos & Processos, §5 Case form): título and área jurídica are required — said on
// submit, not while the user only moves through the form — and the dialog picks an (optional) active client.

const MEMBERS = [{ memberId: 'm1', nome: 'Ana Advogada', nivelAcesso: 'socio' as const, self: true }]
const CLIENTS = [
  { id: 'c1', nomeCompleto: 'Clara Souza' },
  { id: 'c2', nomeCompleto: 'Lúcia Pereira' },
]

function renderCaseForm() {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const client = testQueryClient((cache) => {
    cache.setQueryData(getCaseMemberOptionsQueryOptions().queryKey, { items: MEMBERS })
    cache.setQueryData(getClientOptionsQueryOptions('').queryKey, { items: CLIENTS })
  })
  const rendered = renderApp(<CaseFormDialog open caseId={null} onOpenChange={() => {}} />, client)
  const dialog = screen.getByRole('dialog', { name: 'Novo Caso' })
  return {
    ...rendered,
    dialog,
    fetchSpy,
    titulo: within(dialog).getByRole('textbox', { name: 'Título *' }) as HTMLInputElement,
    area: within(dialog).getByRole('combobox', { name: 'Área jurídica *' }),
    cliente: within(dialog).getByRole('combobox', { name: 'Cliente' }),
    submit: within(dialog).getByRole('button', { name: 'Cadastrar' }),
  }
}

afterEach(() => vi.restoreAllMocks())

describe('CaseFormDialog', () => {
  it('shows no message while the user only passes through the fields', async () => {
    const { user, titulo } = renderCaseForm()
    await user.click(titulo)
    for (let i = 0; i < 5; i++) await user.tab()
    await user.click(titulo)
    await user.tab()
    expect(alerts()).toEqual([])
    expect(titulo.getAttribute('aria-invalid')).toBeNull()
  })

  it('says the title and the area are required on submit, and sends nothing', async () => {
    const { user, titulo, area, submit, fetchSpy } = renderCaseForm()
    await user.click(submit)
    await waitFor(() => expect(alerts()).toEqual(['Título é obrigatório', 'Selecione a área jurídica']))
    expect(titulo.getAttribute('aria-invalid')).toBe('true')
    expect(area.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()

    // After a submit each change re-checks its field: the messages go as the fields are filled.
    await user.type(titulo, 'Ação de cobrança')
    await waitFor(() => expect(alerts()).toEqual(['Selecione a área jurídica']))
    await user.click(area)
    await user.click(screen.getByRole('option', { name: 'Civil' }))
    await waitFor(() => expect(alerts()).toEqual([]))
  })

  it('offers the ten case areas of the spec', async () => {
    const { user, area } = renderCaseForm()
    await user.click(area)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Civil',
      'Trabalhista',
      'Penal',
      'Tributário',
      'Empresarial',
      'Família',
      'Previdenciário',
      'Consumidor',
      'Ambiental',
      'Administrativo',
    ])
  })

  it("has an optional client picker, 'Nenhum cliente' first, that picks an active client", async () => {
    const { user, dialog, cliente } = renderCaseForm()
    expect(cliente.textContent).toBe('Nenhum cliente')
    expect(within(dialog).getByText('Somente clientes ativos. Opcional.')).toBeDefined()

    await user.click(cliente)
    const list = screen.getByRole('listbox', { name: 'Cliente' })
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Nenhum cliente', 'Clara Souza', 'Lúcia Pereira']),
    )
    await user.click(within(list).getByRole('option', { name: 'Lúcia Pereira' }))
    expect(cliente.textContent).toBe('Lúcia Pereira')
    expect(cliente.getAttribute('aria-expanded')).toBe('false')
    expect(alerts()).toEqual([])
  })

  it('preselects the creator as responsible on a new case', () => {
    const { dialog } = renderCaseForm()
    const group = within(dialog).getByRole('group', { name: 'Responsáveis' })
    const self = within(group).getByRole('checkbox', { name: 'Ana Advogada (você)' })
    expect(self.getAttribute('aria-checked')).toBe('true')
  })
})
