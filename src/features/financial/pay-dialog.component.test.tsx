import { waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts } from '../../test/render-app'
import { renderDialog } from '../../test/render-dialog'
import { FINANCIAL_MESSAGES, type FinancialEntryDto } from './financial.schema'
import { PayDialog } from './pay-dialog'

// 'Marcar como Pago' (spec §2 Financial): the payment date (today by default) and the method; it validates with
// the route's own schema (markPaidBody), so a missing date is said as POST …/pay says it.

const entry: FinancialEntryDto = {
  id: '00000000-0000-4000-8000-000000000002',
  tipo: 'receita',
  categoria: 'honorarios',
  descricao: 'Honorários iniciais',
  valor: '1500.00',
  dataVencimento: '2030-05-20',
  dataPagamento: null,
  status: 'pendente',
  storedStatus: 'pendente',
  vencido: false,
  formaPagamento: 'boleto',
  clientId: null,
  clientNome: null,
  caseId: null,
  caseTitulo: null,
  observacoes: null,
  parcelaNumero: null,
  parcelaTotal: null,
  grupoId: null,
  recorrente: false,
  createdAt: '2030-05-01T12:00:00.000Z',
  updatedAt: '2030-05-01T12:00:00.000Z',
}

afterEach(() => vi.restoreAllMocks())

describe('PayDialog', () => {
  it("offers today and the entry's method, and says a missing date as the route says it", async () => {
    const { user, dialog, fetchSpy } = renderDialog(
      <PayDialog entry={entry} onOpenChange={() => {}} />,
      'Marcar como Pago',
    )
    const data = within(dialog).getByLabelText('Data de pagamento') as HTMLInputElement
    expect(data.value).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(within(dialog).getByRole('combobox', { name: 'Forma de pagamento' }).textContent).toBe('Boleto')

    await user.clear(data)
    await user.tab()
    await waitFor(() => expect(alerts()).toEqual([FINANCIAL_MESSAGES.pagamentoData]))
    expect(alerts()).toEqual(['Informe a data de pagamento.'])
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar pagamento' }))
    expect(data.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
