import { infiniteQueryOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { nextOffset, type OffsetPage } from '../../lib/offset-list'
import { useExport } from './use-export'
import { useListQuery } from './use-list-query'

interface Row {
  id: string
  nome: string
}

function rowsQueryOptions(read: (offset: number) => Promise<OffsetPage<Row>>) {
  return infiniteQueryOptions({
    queryKey: ['rows'],
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset(2),
  })
}

function Rows({
  read,
  errorTitle,
}: {
  read: (offset: number) => Promise<OffsetPage<Row>>
  errorTitle?: string
}) {
  const { list, items, total } = useListQuery(rowsQueryOptions(read), errorTitle)
  return (
    <div>
      <ul aria-label="Linhas">
        {items.map((row) => (
          <li key={row.id}>{row.nome}</li>
        ))}
      </ul>
      <p>Total: {total}</p>
      {list.hasNextPage && <button onClick={() => void list.fetchNextPage()}>Mais</button>}
    </div>
  )
}

function renderWithClient(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>)
}

describe('useListQuery', () => {
  it('joins the pages read so far and formats the total', async () => {
    const pages: OffsetPage<Row>[] = [
      {
        items: [
          { id: '1', nome: 'Ana' },
          { id: '2', nome: 'Bruno' },
        ],
        total: 3,
      },
      { items: [{ id: '3', nome: 'Clara' }], total: 3 },
    ]
    renderWithClient(<Rows read={(offset) => Promise.resolve(pages[offset / 2]!)} />)
    expect(await screen.findByText('Ana')).toBeTruthy()
    expect(screen.getByText('Total: 3')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Mais' }))
    expect(await screen.findByText('Clara')).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ana', 'Bruno', 'Clara'])
    expect(screen.queryByRole('button', { name: 'Mais' })).toBeNull()
  })

  it('toasts the server message when loading fails, if given a title', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id')
    renderWithClient(
      <Rows read={() => Promise.reject(new Error('Sem conexão'))} errorTitle="Erro ao carregar" />,
    )
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Erro ao carregar', { description: 'Sem conexão' }),
    )
    error.mockRestore()
  })
})

function ExportButton({ download }: { download: () => Promise<void> }) {
  const { exporting, run } = useExport('Não foi possível exportar')
  return (
    <button onClick={() => void run(download)} disabled={exporting}>
      {exporting ? 'Exportando…' : 'Exportar CSV'}
    </button>
  )
}

describe('useExport', () => {
  it('is busy while the file downloads, then ready again', async () => {
    let finish = () => {}
    render(<ExportButton download={() => new Promise<void>((resolve) => (finish = resolve))} />)
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }))
    expect((screen.getByRole('button', { name: 'Exportando…' }) as HTMLButtonElement).disabled).toBe(true)
    finish()
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeTruthy()
  })

  it('toasts the failure with the server message', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 'id')
    render(<ExportButton download={() => Promise.reject(new Error('Muitas tentativas.'))} />)
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }))
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Não foi possível exportar', { description: 'Muitas tentativas.' }),
    )
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy()
    error.mockRestore()
  })
})
