import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts, renderApp } from '../../test/render-app'
import { MemberFormDialog } from './member-form'

// 'Novo Membro' (spec §2 Team, §6): the access level select, the required name, the optional OAB, the
// active checkbox (on by default) and the invitation, which needs an e-mail; all said on submit.

function renderMemberForm() {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const rendered = renderApp(<MemberFormDialog open member={null} onOpenChange={() => {}} />)
  const dialog = screen.getByRole('dialog', { name: 'Novo Membro' })
  return {
    ...rendered,
    dialog,
    fetchSpy,
    nome: within(dialog).getByRole('textbox', { name: 'Nome completo' }) as HTMLInputElement,
    email: within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLInputElement,
    nivel: within(dialog).getByRole('combobox', { name: 'Nível de acesso' }),
    submit: within(dialog).getByRole('button', { name: 'Adicionar Membro' }),
  }
}

afterEach(() => vi.restoreAllMocks())

const convidar = (dialog: HTMLElement) =>
  within(dialog).queryByRole('checkbox', { name: 'Enviar convite de acesso ao sistema' })

describe('MemberFormDialog', () => {
  it('offers the four access levels, associado preselected', async () => {
    const { user, nivel } = renderMemberForm()
    expect(nivel.textContent).toBe('Associado')
    await user.click(nivel)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sócio',
      'Associado',
      'Estagiário',
      'Assistente',
    ])
    await user.click(screen.getByRole('option', { name: 'Estagiário' }))
    expect(nivel.textContent).toBe('Estagiário')
    expect(alerts()).toEqual([])
  })

  it('is active and invites by default; an inactive member gets no invitation', async () => {
    const { user, dialog } = renderMemberForm()
    const ativo = within(dialog).getByRole('checkbox', { name: 'Membro ativo' })
    expect(ativo.getAttribute('aria-checked')).toBe('true')
    expect(convidar(dialog)?.getAttribute('aria-checked')).toBe('true')

    await user.click(ativo)
    expect(ativo.getAttribute('aria-checked')).toBe('false')
    expect(convidar(dialog)).toBeNull()
  })

  it('says the name is required and the invitation needs an e-mail, on submit only', async () => {
    const { user, dialog, nome, email, submit, fetchSpy } = renderMemberForm()
    await user.click(nome)
    await user.click(email)
    await user.tab()
    expect(alerts()).toEqual([])

    await user.click(submit)
    await waitFor(() =>
      expect(alerts()).toEqual(['Nome completo é obrigatório', 'Informe o e-mail para enviar o convite.']),
    )
    expect(nome.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()

    await user.type(nome, 'Bruno Lima')
    await user.type(email, 'bruno@example.com')
    await waitFor(() => expect(alerts()).toEqual([]))
    expect(within(dialog).getByRole('checkbox', { name: 'Membro ativo' })).toBeDefined()
  })

  it("drops the e-mail's message at once when the invitation is unchecked", async () => {
    const { user, dialog, submit } = renderMemberForm()
    await user.click(submit)
    await waitFor(() => expect(alerts()).toContain('Informe o e-mail para enviar o convite.'))
    await user.click(within(dialog).getByRole('checkbox', { name: /Enviar convite/ }))
    await waitFor(() => expect(alerts()).toEqual(['Nome completo é obrigatório']))
  })

  it('needs no e-mail for a member registered without an invitation', async () => {
    const { user, dialog, nome, submit, fetchSpy } = renderMemberForm()
    await user.type(nome, 'Carla Dias')
    await user.click(convidar(dialog)!)
    expect(convidar(dialog)?.getAttribute('aria-checked')).toBe('false')

    // The form is valid, so the submit goes to the server: the request is looked at and then fails as offline
    // (no answer is made up), since this test is about what the form sends.
    fetchSpy.mockRejectedValue(new TypeError('offline'))
    await user.click(submit)
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledOnce())
    const [url, init] = fetchSpy.mock.calls[0]!
    expect(url).toBe('/api/team')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toMatchObject({
      nomeCompleto: 'Carla Dias',
      email: null,
      nivelAcesso: 'associado',
      oabNumero: null,
      especialidades: [],
      ativo: true,
      convidar: false,
    })
    expect(alerts()).toEqual([])
  })

  it('says a bad e-mail and phone in the words of POST /api/team (team.routes.test.ts)', async () => {
    const { user, dialog, nome, email, submit, fetchSpy } = renderMemberForm()
    await user.type(nome, 'Bruno Lima')
    await user.type(email, 'bruno@')
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefone' }), '123')
    await user.click(submit)
    await waitFor(() => expect(alerts()).toEqual(['Email inválido', 'Telefone inválido']))
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('keeps the OAB optional but checks it, and checks the hourly rate', async () => {
    const { user, dialog, nome, email, submit } = renderMemberForm()
    expect(within(dialog).getByText('Opcional')).toBeDefined()
    await user.type(nome, 'Bruno Lima')
    await user.type(email, 'bruno@example.com')
    await user.type(within(dialog).getByRole('textbox', { name: 'Número da OAB' }), 'abc')
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor da hora (R$)' }), '-10')

    await user.click(submit)
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Número da OAB inválido',
        'Valor da hora inválido (de R$ 0,00 a R$ 999.999,99)',
      ]),
    )
  })
})
