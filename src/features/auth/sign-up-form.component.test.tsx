import { screen, waitFor, within } from '@testing-library/react'
import { Toaster } from 'sonner'
import { describe, expect, it } from 'vitest'
import { alerts, renderApp, testQueryClient } from '../../test/render-app'
import { getCidadesQueryOptions, getEstadosQueryOptions } from '../reference/reference.public'
import { SignUpForm } from './sign-up-form'

// The /auth 'Cadastrar' tab (spec §2 /auth, §5 Signup): the type-specific fields, the city that waits for a
// state, and the pt-BR messages, shown on submit and never for a field the user only passed through.

const ESTADOS = [
  { id: 35, nome: 'São Paulo', sigla: 'SP' },
  { id: 33, nome: 'Rio de Janeiro', sigla: 'RJ' },
]
const CIDADES_SP = [
  { id: 3550308, nome: 'São Paulo' },
  { id: 3509502, nome: 'Campinas' },
]
const CIDADES_RJ = [{ id: 3304557, nome: 'Rio de Janeiro' }]

function renderSignUp({ toasts = false } = {}) {
  const client = testQueryClient((cache) => {
    cache.setQueryData(getEstadosQueryOptions().queryKey, ESTADOS)
    cache.setQueryData(getCidadesQueryOptions(35).queryKey, CIDADES_SP)
    cache.setQueryData(getCidadesQueryOptions(33).queryKey, CIDADES_RJ)
  })
  const rendered = renderApp(
    <>
      <SignUpForm onConfirmationSent={() => {}} />
      {toasts && <Toaster />}
    </>,
    client,
  )
  const form = screen.getByRole('form', { name: 'Criar conta' })
  return { ...rendered, form }
}

const combobox = (name: string) => screen.getByRole('combobox', { name })
const queryLabelled = (name: string) => screen.queryByLabelText(name)

async function chooseUserType(user: ReturnType<typeof renderSignUp>['user'], label: string) {
  await user.click(combobox('Tipo de usuário'))
  await user.click(screen.getByRole('option', { name: label }))
  expect(combobox('Tipo de usuário').textContent).toBe(label)
}

describe('SignUpForm', () => {
  it('shows the OAB fields for an advogado, then each type its own fields', async () => {
    const { user } = renderSignUp()
    // Advogado is the default type.
    expect(combobox('Tipo de usuário').textContent).toBe('Advogado')
    expect(screen.getByRole('textbox', { name: 'Número da OAB' })).toBeDefined()
    expect(combobox('Estado da OAB')).toBeDefined()
    for (const other of ['Universidade', 'Nº Período', 'Nome da entidade', 'CNPJ', 'Tipo de entidade'])
      expect(queryLabelled(other), other).toBeNull()

    await chooseUserType(user, 'Estudante')
    expect(screen.getByRole('textbox', { name: 'Universidade' })).toBeDefined()
    expect(combobox('Nº Período')).toBeDefined()
    for (const other of ['Número da OAB', 'Estado da OAB', 'Nome da entidade', 'CNPJ', 'Tipo de entidade'])
      expect(queryLabelled(other), other).toBeNull()

    await chooseUserType(user, 'Entidade')
    expect(screen.getByRole('textbox', { name: 'Nome da entidade' })).toBeDefined()
    expect(screen.getByRole('textbox', { name: 'CNPJ' })).toBeDefined()
    expect(combobox('Tipo de entidade')).toBeDefined()
    for (const other of ['Número da OAB', 'Estado da OAB', 'Universidade', 'Nº Período'])
      expect(queryLabelled(other), other).toBeNull()

    // The fields common to every type stay.
    for (const common of ['Nome completo', 'Email', 'Senha', 'Confirmar senha', 'Telefone'])
      expect(queryLabelled(common), common).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeDefined()
  })

  it("offers the course periods 1 to 10 as 'Nº Período'", async () => {
    const { user } = renderSignUp()
    await chooseUserType(user, 'Estudante')
    await user.click(combobox('Nº Período'))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${i + 1}º Período`),
    )
  })

  it('keeps the city disabled until a state is chosen, and clears it when the state changes', async () => {
    const { user } = renderSignUp()
    const cidade = combobox('Cidade') as HTMLButtonElement
    expect(cidade.disabled).toBe(true)
    expect(cidade.textContent).toContain('Selecione um estado primeiro')

    await user.click(combobox('Estado'))
    await user.click(screen.getByRole('option', { name: 'São Paulo' }))
    expect(cidade.disabled).toBe(false)
    expect(cidade.textContent).toContain('Selecione a cidade')

    await user.click(cidade)
    const cities = screen.getByRole('listbox')
    expect(
      within(cities)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['São Paulo', 'Campinas'])
    await user.click(within(cities).getByRole('option', { name: 'Campinas' }))
    expect(cidade.textContent).toBe('Campinas')

    // Spec §5: changing the state clears the city; the new state's cities are offered.
    await user.click(combobox('Estado'))
    await user.click(screen.getByRole('option', { name: 'Rio de Janeiro' }))
    await waitFor(() => expect(cidade.textContent).toContain('Selecione a cidade'))
    await user.click(cidade)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Rio de Janeiro'])
  })

  it('shows no message for fields the user only passed through', async () => {
    const { user } = renderSignUp()
    await user.click(screen.getByRole('textbox', { name: 'Nome completo' }))
    for (let i = 0; i < 6; i++) await user.tab()
    await user.click(screen.getByRole('textbox', { name: 'Número da OAB' }))
    await user.tab()

    expect(alerts()).toEqual([])
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0)
  })

  it("shows every advogado field's message on an empty submit", async () => {
    const { user } = renderSignUp()
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))

    await waitFor(() =>
      expect(alerts()).toEqual([
        'Nome completo é obrigatório',
        'Email inválido',
        'A senha deve ter pelo menos 6 caracteres',
        'Telefone inválido',
        'Selecione um estado',
        'Selecione uma cidade',
        'Número da OAB inválido (até 6 dígitos, letra opcional)',
        'Selecione o estado da OAB',
      ]),
    )
    expect(screen.getByRole('textbox', { name: 'Nome completo' }).getAttribute('aria-invalid')).toBe('true')
    expect(combobox('Estado da OAB').getAttribute('aria-invalid')).toBe('true')
  })

  it("toasts 'Erro no cadastro' with the first message, as spec §8 says", async () => {
    const { user } = renderSignUp({ toasts: true })
    await user.type(screen.getByRole('textbox', { name: 'Nome completo' }), 'Ana Advogada')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))

    // Sonner keeps the toasts of the earlier tests: this one is the toast whose first message is the e-mail's.
    const toasts = () =>
      screen.queryAllByText('Erro no cadastro').map((title) => title.closest('li')?.textContent ?? '')
    await waitFor(() => expect(toasts()).toContain('Erro no cadastroEmail inválido'))
  })

  it("shows the estudante's and the entidade's own messages on an empty submit", async () => {
    const { user } = renderSignUp()
    await chooseUserType(user, 'Estudante')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    await waitFor(() => expect(alerts()).toContain('Universidade é obrigatório'))
    // An empty period is "not chosen" (z.coerce alone made it 0 and said 'Período entre 1 e 10').
    expect(combobox('Nº Período').getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById('signup-period-error')?.textContent).toBe('Selecione o período')
    expect(alerts()).not.toContain('Selecione o estado da OAB')

    await chooseUserType(user, 'Entidade')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    await waitFor(() => expect(alerts()).toContain('Nome da entidade é obrigatório'))
    expect(alerts()).toContain('CNPJ inválido')
    expect(alerts()).toContain('Selecione o tipo de entidade')
    expect(combobox('Tipo de entidade').getAttribute('aria-invalid')).toBe('true')
    expect(alerts()).not.toContain('Universidade é obrigatório')
  })

  it("says 'As senhas não coincidem.' when the confirmation differs, and drops it once it matches", async () => {
    const { user } = renderSignUp()
    await user.type(screen.getByLabelText('Senha'), 'senha-segura-123')
    await user.type(screen.getByLabelText('Confirmar senha'), 'senha-segura-12')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
    await waitFor(() => expect(alerts()).toContain('As senhas não coincidem.'))
    expect(alerts()).not.toContain('A senha deve ter pelo menos 6 caracteres')

    await user.type(screen.getByLabelText('Confirmar senha'), '3')
    await waitFor(() => expect(alerts()).not.toContain('As senhas não coincidem.'))
  })
})
