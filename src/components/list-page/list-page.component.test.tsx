import { useRef, useState } from 'react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListPage, listBodyTexts } from './list-page'
import { ListPageHeader } from './list-page-header'
import { SearchStatusBar } from './search-status-bar'
import { useReturnFocus } from './use-return-focus'
import { SEARCH_DEBOUNCE_MS, useSearchText } from './use-search-text'

const STATUSES = ['todos', 'ativo', 'inativo'] as const
type Status = (typeof STATUSES)[number]
const STATUS_TEXT: Record<Status, string> = { todos: 'Todos', ativo: 'Ativo', inativo: 'Inativo' }

function ClientsLikePage({ onNew, onExport }: { onNew?: () => void; onExport?: () => void }) {
  const { searchText, setSearchText, search } = useSearchText()
  const [status, setStatus] = useState<Status>('todos')
  const searchRef = useRef<HTMLInputElement>(null)
  return (
    <ListPage
      header={
        <ListPageHeader
          title="CRM Clientes"
          subtitle="Gerencie seus clientes"
          exportLabel="Exportar CSV"
          exportingLabel="Exportando…"
          exporting={false}
          onExport={onExport ?? (() => {})}
          newLabel="Novo Cliente"
          onNew={onNew}
        />
      }
      stats={<section aria-label="Resumo" />}
      filters={
        <SearchStatusBar
          idPrefix="clients"
          searchRef={searchRef}
          searchLabel="Buscar clientes"
          searchPlaceholder="Nome, e-mail ou documento"
          searchText={searchText}
          onSearchTextChange={setSearchText}
          statusLabel="Status"
          status={status}
          statuses={STATUSES}
          statusText={(value) => STATUS_TEXT[value]}
          onStatusChange={setStatus}
        />
      }
      dialogs={<div role="dialog" aria-label="Novo Cliente" />}
    >
      <p>Buscando: [{search}]</p>
    </ListPage>
  )
}

describe('ListPage with its header and search bar', () => {
  it('shows the title, the actions, the labelled filters, the list and the dialogs in that order', async () => {
    const onNew = vi.fn()
    const onExport = vi.fn()
    render(<ClientsLikePage onNew={onNew} onExport={onExport} />)
    expect(screen.getByRole('heading', { level: 1, name: 'CRM Clientes' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Novo Cliente' }))
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }))
    expect(onNew).toHaveBeenCalledOnce()
    expect(onExport).toHaveBeenCalledOnce()
    const search = screen.getByRole('searchbox', { name: 'Buscar clientes' }) as HTMLInputElement
    expect(search.placeholder).toBe('Nome, e-mail ou documento')
    expect(search.maxLength).toBe(100)
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy()
    const regions = [screen.getByRole('region', { name: 'Resumo' }), screen.getByRole('dialog')]
    expect(regions[0]!.compareDocumentPosition(regions[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('has no "Novo" button for a level that may not create', () => {
    render(<ClientsLikePage />)
    expect(screen.queryByRole('button', { name: 'Novo Cliente' })).toBeNull()
  })

  it('asks for the trimmed search only once the typing settles', async () => {
    render(<ClientsLikePage />)
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar clientes' }), ' Ana ')
    const typedAt = Date.now()
    expect(screen.getByText('Buscando: []')).toBeTruthy()
    expect(await screen.findByText('Buscando: [Ana]')).toBeTruthy()
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS - 50)
  })
})

describe('listBodyTexts', () => {
  it("reads the office lists' keys, the count in pt-BR", () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      options ? `${key} ${JSON.stringify(options)}` : key
    expect(listBodyTexts(t, 1234, '5.000')).toEqual({
      errorTitle: 'error.title',
      retryLabel: 'error.retry',
      showingText: 'showing {"shown":"1.234","total":"5.000"}',
      loadMoreLabel: 'loadMore',
      loadingMoreLabel: 'loadingMore',
    })
  })
})

function RowsWithDialog() {
  const titleRef = useRef<HTMLHeadingElement>(null)
  const { remember, returnFocus } = useReturnFocus(titleRef)
  const [rows, setRows] = useState(['Ana', 'Bruno'])
  const [open, setOpen] = useState<string | null>(null)
  return (
    <div>
      <h1 ref={titleRef} tabIndex={-1}>
        Clientes
      </h1>
      {rows.map((row) => (
        <button
          key={row}
          onClick={() => {
            remember()
            setOpen(row)
          }}
        >
          Editar {row}
        </button>
      ))}
      {open && (
        <div role="dialog" aria-label={`Editar ${open}`}>
          <button
            onClick={() => {
              setOpen(null)
              returnFocus(new Event('close'))
            }}
          >
            Fechar
          </button>
          <button
            onClick={() => {
              setRows((current) => current.filter((row) => row !== open))
              setOpen(null)
              setTimeout(() => returnFocus(new Event('close')))
            }}
          >
            Excluir
          </button>
        </div>
      )}
    </div>
  )
}

describe('useReturnFocus', () => {
  it('puts focus back on the row button that opened the dialog', async () => {
    render(<RowsWithDialog />)
    await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fechar' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar Bruno' }))
  })

  it('falls back to the page title when that button is gone', async () => {
    render(<RowsWithDialog />)
    await userEvent.click(screen.getByRole('button', { name: 'Editar Ana' }))
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Clientes' })),
    )
  })
})
