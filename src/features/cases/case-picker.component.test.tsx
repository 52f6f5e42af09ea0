import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { meQueryKey } from '../auth/auth.public'
import type { NivelAcesso } from '../offices/offices.public'
import { CasePicker } from './case-picker'

// An assistente sees no case (spec §6): the pickers of the agenda, documents and financial dialogs must not
// offer a search the server answers with 403 'Acesso negado.'; they say why instead.

function renderAs(nivelAcesso: NivelAcesso) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(meQueryKey, { role: 'user', profile: {}, office: { nivelAcesso } })
  render(
    <QueryClientProvider client={client}>
      <label htmlFor="caso">Caso</label>
      <CasePicker id="caso" value="" selectedLabel={null} onValueChange={() => {}} />
    </QueryClientProvider>,
  )
  return screen.getByRole('combobox', { name: 'Caso' })
}

describe('CasePicker', () => {
  it('is disabled for an assistente, with the reason as its text', () => {
    const picker = renderAs('assistente')
    expect((picker as HTMLButtonElement).disabled).toBe(true)
    expect(picker.textContent).toContain('picker.casoForbidden')
  })

  it.each(['socio', 'associado', 'estagiario'] as const)('is enabled for a %s', (nivel) => {
    const picker = renderAs(nivel)
    expect((picker as HTMLButtonElement).disabled).toBe(false)
    expect(picker.textContent).toContain('picker.casoNone')
  })
})
