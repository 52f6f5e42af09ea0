import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Plus, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog'
import { Button } from '../../components/ui/button'
import { ListPageHeader } from '../../components/list-page/list-page-header'
import { ListError, ListSkeleton, LoadMore } from '../../components/list-page/list-states'
import { SearchStatusBar } from '../../components/list-page/search-status-bar'
import { Card, CardContent } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { formatTotal } from '../../lib/offset-list'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { removeWithUndo } from '../../lib/use-undoable-delete'
import { useSession } from '../auth/auth.public'
import { accessLevel } from '../offices/offices.public'
import { ClientFormDialog } from './client-form'
import { ClientStats } from './client-stats'
import { CLIENT_STATUS_FILTERS, type ClientStatusFilter, type ClientSummary } from './clients.schema'
import { ClientsTable } from './clients-table'
import {
  downloadClientsCsv,
  getClientsQueryOptions,
  useDeleteClient,
  useRestoreClient,
  type ClientFilters,
} from './use-clients'

const SEARCH_DEBOUNCE_MS = 300
const countFormat = new Intl.NumberFormat('pt-BR')

type FormState = { open: boolean; clientId: string | null }

/** /dashboard/crm — 'CRM Clientes' (spec §2). */
export function ClientsPage() {
  const { t } = useTranslation('clients')
  // ?search= opens the list already narrowed (the documents page links a document's client/case here).
  const [searchParams] = useSearchParams()
  const [searchText, setSearchText] = useState(() => searchParams.get('search')?.slice(0, 100) ?? '')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [status, setStatus] = useState<ClientStatusFilter>('todos')
  const filters = useMemo<ClientFilters>(() => ({ search, status }), [search, status])

  const list = useInfiniteQuery(getClientsQueryOptions(filters))
  const clients = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])
  const total = formatTotal(list.data?.pages.at(-1))

  const [form, setForm] = useState<FormState>({ open: false, clientId: null })
  const [confirming, setConfirming] = useState<ClientSummary | null>(null)
  const [exporting, setExporting] = useState(false)
  const deleteClient = useDeleteClient()
  const restoreClient = useRestoreClient()
  // The browser hides what the server denies (issue 10: the estagiário edits their cases' clients only).
  const nivel = useSession().data?.office?.nivelAcesso
  const canCreate = nivel !== undefined && accessLevel(nivel, 'clients.create') === 'full'
  const canDelete = nivel !== undefined && accessLevel(nivel, 'clients.delete') === 'full'

  useEffect(() => {
    if (list.isError) toast.error(t('toast.loadError'), { description: list.error.message })
  }, [list.isError, list.error, t])

  // Focus lands here when the element that had it goes away (a removed row's button).
  const searchRef = useRef<HTMLInputElement>(null)
  const onFormOpenChange = useCallback((open: boolean) => setForm((state) => ({ ...state, open })), [])

  // Radix returns focus to a DialogTrigger; these dialogs open from row buttons, so remember the opener.
  const openerRef = useRef<HTMLElement | null>(null)
  function openForm(clientId: string | null) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setForm({ open: true, clientId })
  }
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault()
    const opener = openerRef.current
    if (opener?.isConnected) opener.focus()
    else searchRef.current?.focus()
  }, [])

  const removedFromDialog = useRef(false)

  function remove(client: ClientSummary) {
    searchRef.current?.focus()
    removeWithUndo({
      remove: () => deleteClient.mutateAsync(client.id),
      restore: () => restoreClient.mutateAsync(client.id),
      description: client.nomeCompleto,
      t,
    })
  }

  // Spec: deletes happen at once. A client with cases first says how many (they stay, with history).
  function requestRemoval(client: ClientSummary) {
    if (client.casesCount > 0) setConfirming(client)
    else remove(client)
  }

  async function exportCsv() {
    setExporting(true)
    try {
      // What the box says now, even if the list's debounced search hasn't caught up yet.
      await downloadClientsCsv({ search: searchText.trim(), status })
    } catch (error) {
      toast.error(t('exportError'), { description: error instanceof Error ? error.message : undefined })
    } finally {
      setExporting(false)
    }
  }

  const isFiltered = search !== '' || status !== 'todos'

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
      <ListPageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        exportLabel={t('export')}
        exportingLabel={t('exporting')}
        exporting={exporting}
        onExport={exportCsv}
        newLabel={t('new')}
        onNew={canCreate ? () => openForm(null) : undefined}
      />

      <ClientStats />

      <Card className="gap-4 py-4">
        <CardContent className="grid grid-cols-1 gap-4 px-4">
          <SearchStatusBar
            idPrefix="clients"
            searchRef={searchRef}
            searchLabel={t('search.label')}
            searchPlaceholder={t('search.placeholder')}
            searchText={searchText}
            onSearchTextChange={setSearchText}
            statusLabel={t('filter.label')}
            status={status}
            statuses={CLIENT_STATUS_FILTERS}
            statusText={(value) => t(`status.${value}`)}
            onStatusChange={setStatus}
          />

          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError && clients.length === 0 ? (
            <ListError
              title={t('error.title')}
              message={list.error.message}
              retryLabel={t('error.retry')}
              onRetry={() => void list.refetch()}
            />
          ) : clients.length === 0 ? (
            <EmptyState
              icon={<Users />}
              title={t('empty.title')}
              description={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
              action={
                isFiltered || !canCreate ? undefined : (
                  <Button onClick={() => openForm(null)}>
                    <Plus aria-hidden />
                    {t('empty.action')}
                  </Button>
                )
              }
            />
          ) : (
            <div className="grid grid-cols-1 gap-3" aria-busy={list.isFetching}>
              <ClientsTable
                clients={clients}
                onEdit={(client) => openForm(client.id)}
                onRemove={canDelete ? requestRemoval : undefined}
              />
              <LoadMore
                showingText={t('showing', { shown: countFormat.format(clients.length), total })}
                hasNextPage={list.hasNextPage}
                isFetchingNextPage={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                loadMoreLabel={t('loadMore')}
                loadingMoreLabel={t('loadingMore')}
              />
            </div>
          )}
        </CardContent>
      </Card>

      <ClientFormDialog
        open={form.open}
        clientId={form.clientId}
        onOpenChange={onFormOpenChange}
        onCloseAutoFocus={returnFocus}
      />

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            // After a confirmed removal the trigger is gone; a cancel returns focus to it as usual.
            if (!removedFromDialog.current) return
            event.preventDefault()
            removedFromDialog.current = false
            searchRef.current?.focus()
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t('remove.title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming?.nomeCompleto}
              <br />
              {t('remove.description', { count: confirming?.casesCount ?? 0 })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('remove.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => {
                removedFromDialog.current = true
                if (confirming) remove(confirming)
                setConfirming(null)
              }}
            >
              {t('remove.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
