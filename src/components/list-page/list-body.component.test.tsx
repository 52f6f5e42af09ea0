import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListBody, type ListBodyQuery } from './list-body'

function query(state: Partial<ListBodyQuery> = {}): ListBodyQuery {
  return {
    isPending: false,
    isError: false,
    error: null,
    isFetching: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    refetch: vi.fn(() => Promise.resolve()),
    fetchNextPage: vi.fn(() => Promise.resolve()),
    ...state,
  }
}

function renderBody(list: ListBodyQuery, count: number) {
  return render(
    <ListBody
      list={list}
      count={count}
      errorTitle="Não foi possível carregar os clientes"
      retryLabel="Tentar novamente"
      empty={<p>Nenhum cliente cadastrado</p>}
      showingText={`Mostrando ${count} de 120`}
      loadMoreLabel="Carregar mais"
      loadingMoreLabel="Carregando…"
    >
      <table aria-label="Clientes">
        <tbody>
          <tr>
            <td>Clara Souza</td>
          </tr>
        </tbody>
      </table>
    </ListBody>,
  )
}

describe('ListBody', () => {
  it('shows neither rows nor the empty text while the first page loads', () => {
    renderBody(query({ isPending: true }), 0)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByText('Nenhum cliente cadastrado')).toBeNull()
  })

  it('says what failed with the server message and retries on request', async () => {
    const list = query({ isError: true, error: new Error('Sem conexão com o servidor.') })
    renderBody(list, 0)
    expect(screen.getByRole('heading', { name: 'Não foi possível carregar os clientes' })).toBeTruthy()
    expect(screen.getByText('Sem conexão com o servidor.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(list.refetch).toHaveBeenCalledOnce()
  })

  it('keeps the rows on screen when a later page fails', () => {
    renderBody(query({ isError: true, error: new Error('falhou') }), 1)
    expect(screen.getByRole('table', { name: 'Clientes' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull()
  })

  it('shows the empty state when there are no rows', () => {
    renderBody(query(), 0)
    expect(screen.getByText('Nenhum cliente cadastrado')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows the rows, how many of how many, and reads the next page on request', async () => {
    const list = query({ hasNextPage: true })
    renderBody(list, 50)
    expect(screen.getByRole('table', { name: 'Clientes' })).toBeTruthy()
    expect(screen.getByText('Mostrando 50 de 120')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }))
    expect(list.fetchNextPage).toHaveBeenCalledOnce()
  })

  it('disables the button while the next page is being read, and hides it on the last page', () => {
    const { unmount } = renderBody(query({ hasNextPage: true, isFetchingNextPage: true }), 50)
    const button = screen.getByRole('button', { name: 'Carregando…' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    unmount()
    renderBody(query({ hasNextPage: false }), 120)
    expect(screen.queryByRole('button', { name: /Carregar/ })).toBeNull()
  })
})
