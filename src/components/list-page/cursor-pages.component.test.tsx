import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListContent } from './list-body'
import { PageNav } from './page-nav'
import { nextCursorOf, useCursorPages } from './use-cursor-pages'

interface CursorPage {
  items: { id: string; nome: string }[]
  nextCursor: string | null
}

type Read = (cursor: string | null) => Promise<CursorPage>

/** A keyset list read one page at a time, as /vagas does: each cursor is its own cached query. */
function CursorRows({ read }: { read: Read }) {
  const pages = useCursorPages()
  const query = useQuery({
    queryKey: ['rows', pages.cursor],
    queryFn: () => read(pages.cursor),
    placeholderData: keepPreviousData,
  })
  const nextCursor = nextCursorOf(query)
  const items = query.data?.items ?? []
  return (
    <section>
      <ListContent
        list={query}
        count={items.length}
        skeleton={<p role="status">Carregando vagas…</p>}
        error={(message, retry) => (
          <div role="alert">
            <p>{message}</p>
            <button onClick={retry}>Tentar novamente</button>
          </div>
        )}
        empty={<p>Nenhuma vaga encontrada.</p>}
      >
        <ul aria-label="Vagas">
          {items.map((row) => (
            <li key={row.id}>{row.nome}</li>
          ))}
        </ul>
      </ListContent>
      <PageNav
        label="Resultados"
        previousLabel="Anterior"
        nextLabel="Próxima"
        pageText={`Página ${pages.pageNumber}`}
        hasPrevious={pages.hasPrevious}
        hasNext={nextCursor !== null}
        onPrevious={pages.previous}
        onNext={() => {
          if (nextCursor !== null) pages.next(nextCursor)
        }}
      />
      <button onClick={pages.reset}>Filtrar</button>
    </section>
  )
}

function renderWithClient(read: Read) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  return render(
    <QueryClientProvider client={client}>
      <CursorRows read={read} />
    </QueryClientProvider>,
  )
}

const PAGES: Record<string, CursorPage> = {
  first: { items: [{ id: '1', nome: 'Estágio em contencioso' }], nextCursor: 'c1' },
  c1: { items: [{ id: '2', nome: 'Advogado júnior' }], nextCursor: null },
}

const nav = () => within(screen.getByRole('navigation', { name: 'Resultados' }))
const button = (name: string) => nav().getByRole('button', { name }) as HTMLButtonElement

describe('cursor pages (ListContent + useCursorPages + PageNav)', () => {
  it('goes forward with the server cursor and back to the cached page', async () => {
    const read = vi.fn<Read>((cursor) => Promise.resolve(PAGES[cursor ?? 'first']!))
    renderWithClient(read)
    expect(screen.getByRole('status').textContent).toBe('Carregando vagas…')
    expect(await screen.findByText('Estágio em contencioso')).toBeTruthy()
    expect(nav().getByText('Página 1')).toBeTruthy()
    expect(button('Anterior').disabled).toBe(true)
    expect(button('Próxima').disabled).toBe(false)

    await userEvent.click(button('Próxima'))
    expect(await screen.findByText('Advogado júnior')).toBeTruthy()
    expect(read).toHaveBeenLastCalledWith('c1')
    expect(nav().getByText('Página 2')).toBeTruthy()
    // The last page: no cursor, nowhere further to go.
    expect(button('Próxima').disabled).toBe(true)
    expect(button('Anterior').disabled).toBe(false)

    await userEvent.click(button('Anterior'))
    expect(await screen.findByText('Estágio em contencioso')).toBeTruthy()
    expect(nav().getByText('Página 1')).toBeTruthy()
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('starts over on the first page when the filters change', async () => {
    renderWithClient((cursor) => Promise.resolve(PAGES[cursor ?? 'first']!))
    await screen.findByText('Estágio em contencioso')
    await userEvent.click(button('Próxima'))
    await screen.findByText('Advogado júnior')
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }))
    expect(await screen.findByText('Estágio em contencioso')).toBeTruthy()
    expect(nav().getByText('Página 1')).toBeTruthy()
    expect(button('Anterior').disabled).toBe(true)
  })

  it('keeps Próxima disabled while the page shown is a placeholder', async () => {
    let finish: (page: CursorPage) => void = () => {}
    renderWithClient((cursor) =>
      cursor === null ? Promise.resolve(PAGES.first!) : new Promise((resolve) => (finish = resolve)),
    )
    await screen.findByText('Estágio em contencioso')
    await userEvent.click(button('Próxima'))
    // Page 2 is loading: page 1's rows stay on screen, and its cursor must not be followed again.
    expect(screen.getByText('Estágio em contencioso')).toBeTruthy()
    expect(button('Próxima').disabled).toBe(true)
    finish({ items: [{ id: '3', nome: 'Paralegal' }], nextCursor: 'c2' })
    expect(await screen.findByText('Paralegal')).toBeTruthy()
    expect(button('Próxima').disabled).toBe(false)
  })

  it('shows the empty state, and the error with a retry that reads again', async () => {
    const read = vi
      .fn<Read>()
      .mockRejectedValueOnce(new Error('Sem conexão'))
      .mockResolvedValueOnce({ items: [], nextCursor: null })
    renderWithClient(read)
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Sem conexão')).toBeTruthy()
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByText('Nenhuma vaga encontrada.')).toBeTruthy()
    expect(read).toHaveBeenCalledTimes(2)
    expect(button('Próxima').disabled).toBe(true)
  })
})
