import { render, screen, within } from '@testing-library/react'
import { Users, Wallet } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { formatCount, StatCards } from './stat-cards'

const cards = [
  { key: 'total', label: 'Total de Clientes', value: formatCount(1234), icon: Users },
  { key: 'valor', label: 'Valor Total', value: undefined, icon: Wallet, valueClassName: 'text-lg' },
]

describe('StatCards', () => {
  it('names the section and shows each card with its label and pt-BR number, a dash when unknown', () => {
    render(<StatCards label="Resumo dos clientes" cards={cards} loading={false} testIdPrefix="client-stat" />)
    const section = screen.getByRole('region', { name: 'Resumo dos clientes' })
    const total = within(section).getByTestId('client-stat-total')
    expect(within(total).getByText('Total de Clientes')).toBeTruthy()
    expect(within(total).getByText('1.234')).toBeTruthy()
    const valor = within(section).getByTestId('client-stat-valor')
    expect(within(valor).getByText('—').className).toBe('text-lg')
  })

  it('shows placeholders instead of values while loading, labels still readable', () => {
    render(<StatCards label="Resumo" cards={cards} loading testIdPrefix="x" />)
    expect(screen.getByText('Total de Clientes')).toBeTruthy()
    expect(screen.queryByText('1.234')).toBeNull()
    expect(screen.queryByText('—')).toBeNull()
  })

  it('formats counts for pt-BR and leaves an unknown one undefined', () => {
    expect(formatCount(1234567)).toBe('1.234.567')
    expect(formatCount(0)).toBe('0')
    expect(formatCount(undefined)).toBeUndefined()
  })
})
