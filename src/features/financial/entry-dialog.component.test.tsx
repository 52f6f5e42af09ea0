import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts } from '../../test/render-app'
import { renderDialog } from '../../test/render-dialog'
import { EntryDialog } from './entry-dialog'
import { FINANCIAL_MESSAGES } from './financial.schema'

// 'Novo Lançamento' (spec §2 Financial): a receita can be split in monthly installments, a despesa can be
// recurring instead; the description and an amount above zero are required, said on submit before any request.

function renderEntryDialog() {
  const rendered = renderDialog(<EntryDialog open entry={null} onOpenChange={() => {}} />, 'Novo Lançamento')
  const { dialog } = rendered
  return {
    ...rendered,
    tipo: within(dialog).getByRole('combobox', { name: 'Tipo' }),
    descricao: within(dialog).getByRole('textbox', { name: 'Descrição' }) as HTMLInputElement,
    valor: within(dialog).getByLabelText('Valor (R$)') as HTMLInputElement,
    submit: within(dialog).getByRole('button', { name: 'Salvar' }),
  }
}

afterEach(() => vi.restoreAllMocks())

type Rendered = ReturnType<typeof renderEntryDialog>

async function chooseTipo({ user, tipo }: Rendered, label: 'Receita' | 'Despesa') {
  await user.click(tipo)
  await user.click(screen.getByRole('option', { name: label }))
  expect(tipo.textContent).toBe(label)
}

const parcelas = (dialog: HTMLElement) =>
  within(dialog).queryByLabelText('Parcelar em N vezes') as HTMLInputElement | null
const recorrente = (dialog: HTMLElement) =>
  within(dialog).queryByRole('checkbox', { name: 'Recorrente (mensal)' })

describe('EntryDialog', () => {
  it('offers installments for a receita and a monthly recurrence for a despesa', async () => {
    const rendered = renderEntryDialog()
    const { user, dialog } = rendered
    expect(rendered.tipo.textContent).toBe('Receita')
    expect(parcelas(dialog)?.value).toBe('1')
    expect(recorrente(dialog)).toBeNull()

    await user.clear(parcelas(dialog)!)
    await user.type(parcelas(dialog)!, '3')
    expect(
      within(dialog).getByText('3 parcelas mensais; a diferença de centavos fica na última.'),
    ).toBeDefined()

    await chooseTipo(rendered, 'Despesa')
    expect(parcelas(dialog)).toBeNull()
    const checkbox = recorrente(dialog)!
    expect(checkbox.getAttribute('aria-checked')).toBe('false')
    await user.click(checkbox)
    expect(checkbox.getAttribute('aria-checked')).toBe('true')

    // Back to a receita: no recurrence, and the installments start again from one.
    await chooseTipo(rendered, 'Receita')
    expect(recorrente(dialog)).toBeNull()
    expect(parcelas(dialog)?.value).toBe('1')
  })

  it('offers the five categories of the spec', async () => {
    const { user, dialog } = renderEntryDialog()
    const categoria = within(dialog).getByRole('combobox', { name: 'Categoria' })
    expect(categoria.textContent).toBe('Honorários Advocatícios')
    await user.click(categoria)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Honorários Advocatícios',
      'Consultoria Jurídica',
      'Custas Processuais',
      'Despesas do Escritório',
      'Outros',
    ])
  })

  it('says the description and the amount are missing on submit, and sends nothing', async () => {
    const { user, descricao, valor, submit, fetchSpy } = renderEntryDialog()
    await user.click(descricao)
    await user.click(valor)
    await user.tab()
    expect(alerts()).toEqual([]) // nothing before the submit

    await user.click(submit)
    await waitFor(() =>
      expect(alerts()).toEqual(['Informe a descrição.', 'Informe um valor maior que zero.']),
    )
    expect(valor.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()

    await user.type(descricao, 'Honorários iniciais')
    await user.type(valor, '1500')
    await waitFor(() => expect(alerts()).toEqual([]))
  })

  it('refuses a zero amount and installments outside 1 to 60', async () => {
    const { user, dialog, descricao, valor, submit, fetchSpy } = renderEntryDialog()
    await user.type(descricao, 'Honorários')
    await user.type(valor, '0')
    await user.clear(parcelas(dialog)!)
    await user.type(parcelas(dialog)!, '61')

    await user.click(submit)
    await waitFor(() => expect(alerts()).toEqual(['Informe um valor maior que zero.', 'De 1 a 60 parcelas.']))
    expect(fetchSpy).not.toHaveBeenCalled()

    await user.clear(valor)
    await user.type(valor, '0.01')
    await user.clear(parcelas(dialog)!)
    await user.type(parcelas(dialog)!, '60')
    await waitFor(() => expect(alerts()).toEqual([]))
  })

  it('has optional client and case pickers', () => {
    const { dialog } = renderEntryDialog()
    const cliente = within(dialog).getByRole('combobox', { name: 'Cliente' }) as HTMLButtonElement
    const caso = within(dialog).getByRole('combobox', { name: 'Caso' }) as HTMLButtonElement
    expect(cliente.textContent).toBe('Nenhum cliente')
    expect(cliente.disabled).toBe(false)
    expect(caso.disabled).toBe(false)
  })
})

// The dialog validates with the routes' own schemas (entryCreateBody, entryUpdateBody): each message below is
// the one the server's 400 carries for the same input (financial.routes.test.ts asserts the same texts there).
describe("EntryDialog speaks the route's messages", () => {
  it('a blank description, an amount over the limit and a missing due date', async () => {
    const { user, dialog, fetchSpy } = renderDialog(
      <EntryDialog open entry={null} onOpenChange={() => {}} />,
      'Novo Lançamento',
    )
    await user.type(within(dialog).getByRole('textbox', { name: 'Descrição' }), '   ')
    await user.type(within(dialog).getByLabelText('Valor (R$)'), '1000000000000')
    const vencimento = within(dialog).getByLabelText('Data de vencimento') as HTMLInputElement
    await user.clear(vencimento)
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() =>
      expect(alerts()).toEqual([
        FINANCIAL_MESSAGES.descricao,
        FINANCIAL_MESSAGES.valorMax,
        FINANCIAL_MESSAGES.vencimentoData,
      ]),
    )
    expect(alerts()).toEqual([
      'Informe a descrição.',
      'Informe um valor de até R$ 999.999.999.999,99.',
      'Informe a data de vencimento.',
    ])
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
