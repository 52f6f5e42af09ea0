import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Download, Plus, RefreshCw, Search, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
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
import { Card, CardContent } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { ClientFormDialog } from './client-form'
import { ClientStats } from './client-stats'
import { CLIENT_STATUS_FILTERS, type ClientStatusFilter, type ClientSummary } from './clients.schema'
import { ClientsTable, ClientsTableSkeleton } from './clients-table'
import {
  downloadClientsCsv,
  getClientsQueryOptions,
  useDeleteClient,
  useRestoreClient,
  type ClientFilters,
} from './use-clients'

const SEARCH_DEBOUNCE_MS = 300
const UNDO_WINDOW_MS = 8000
const countFormat = new Intl.NumberFormat('pt-BR')

function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

type FormState = { open: boolean; clientId: string | null }

/** /dashboard/crm — 'CRM Clientes' (spec §2). */
export function ClientsPage() {
  const { t } = useTranslation('clients')
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [status, setStatus] = useState<ClientStatusFilter>('todos')
  const filters = useMemo<ClientFilters>(() => ({ search, status }), [search, status])

  const list = useInfiniteQuery(getClientsQueryOptions(filters))
  const clients = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])
  const lastPage = list.data?.pages.at(-1)
  const total = lastPage ? `${countFormat.format(lastPage.total)}${lastPage.totalCapped ? '+' : ''}` : '0'

  const [form, setForm] = useState<FormState>({ open: false, clientId: null })
  const [confirming, setConfirming] = useState<ClientSummary | null>(null)
  const [exporting, setExporting] = useState(false)
  const deleteClient = useDeleteClient()
  const restoreClient = useRestoreClient()

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
    deleteClient.mutateAsync(client.id).then(
      () =>
        toast.success(t('toast.removed'), {
          description: client.nomeCompleto,
          duration: UNDO_WINDOW_MS,
          action: {
            label: t('toast.undo'),
            onClick: () => {
              restoreClient.mutateAsync(client.id).then(
                () => toast.success(t('toast.restored'), { description: client.nomeCompleto }),
                (error: Error) => toast.error(t('toast.restoreError'), { description: error.message }),
              )
            },
          },
        }),
      (error: Error) => toast.error(t('toast.removeError'), { description: error.message }),
    )
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
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={exportCsv} disabled={exporting}>
            {exporting ? <Spinner label={t('exporting')} /> : <Download aria-hidden />}
            {t('export')}
          </Button>
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden />
            {t('new')}
          </Button>
        </div>
      </header>

      <ClientStats />

      <Card className="gap-4 py-4">
        <CardContent className="grid grid-cols-1 gap-4 px-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="grid flex-1 gap-2">
              <Label htmlFor="clients-search">{t('search.label')}</Label>
              <div className="relative">
                <Search
                  aria-hidden
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  ref={searchRef}
                  id="clients-search"
                  type="search"
                  className="pl-9"
                  placeholder={t('search.placeholder')}
                  value={searchText}
                  maxLength={100}
                  onChange={(event) => setSearchText(event.target.value)}
                />
              </div>
            </div>
            <div className="grid gap-2 sm:w-48">
              <Label htmlFor="clients-status-filter">{t('filter.label')}</Label>
              <Select value={status} onValueChange={(value) => setStatus(value as ClientStatusFilter)}>
                <SelectTrigger id="clients-status-filter">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CLIENT_STATUS_FILTERS.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`status.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>

          {list.isPending ? (
            <ClientsTableSkeleton />
          ) : list.isError && clients.length === 0 ? (
            <EmptyState
              icon={<RefreshCw />}
              title={t('error.title')}
              description={list.error.message}
              action={
                <Button variant="outline" onClick={() => void list.refetch()}>
                  {t('error.retry')}
                </Button>
              }
            />
          ) : clients.length === 0 ? (
            <EmptyState
              icon={<Users />}
              title={t('empty.title')}
              description={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
              action={
                isFiltered ? undefined : (
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
                onRemove={requestRemoval}
              />
              <div className="flex flex-col items-center gap-2">
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {t('showing', { shown: countFormat.format(clients.length), total })}
                </p>
                {list.hasNextPage && (
                  <Button
                    variant="outline"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                  >
                    {list.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
                  </Button>
                )}
              </div>
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
