import { useCallback, useMemo, useRef, useState } from 'react'
import { Plus, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
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
import { ListBody } from '../../components/list-page/list-body'
import { listBodyTexts, ListPage } from '../../components/list-page/list-page'
import { SearchStatusBar } from '../../components/list-page/search-status-bar'
import { useExport } from '../../components/list-page/use-export'
import { useListQuery } from '../../components/list-page/use-list-query'
import { useReturnFocus } from '../../components/list-page/use-return-focus'
import { useSearchText } from '../../components/list-page/use-search-text'
import { EmptyState } from '../../components/ui/empty-state'
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

type FormState = { open: boolean; clientId: string | null }

/** /dashboard/crm — 'CRM Clientes' (spec §2). */
export function ClientsPage() {
  const { t } = useTranslation('clients')
  // ?search= opens the list already narrowed (the documents page links a document's client/case here).
  const [searchParams] = useSearchParams()
  const { searchText, setSearchText, search } = useSearchText(
    () => searchParams.get('search')?.slice(0, 100) ?? '',
  )
  const [status, setStatus] = useState<ClientStatusFilter>('todos')
  const filters = useMemo<ClientFilters>(() => ({ search, status }), [search, status])

  const { list, items: clients, total } = useListQuery(getClientsQueryOptions(filters), t('toast.loadError'))

  const [form, setForm] = useState<FormState>({ open: false, clientId: null })
  const [confirming, setConfirming] = useState<ClientSummary | null>(null)
  const { exporting, run: runExport } = useExport(t('exportError'))
  const deleteClient = useDeleteClient()
  const restoreClient = useRestoreClient()
  // The browser hides what the server denies (issue 10: the estagiário edits their cases' clients only).
  const nivel = useSession().data?.office?.nivelAcesso
  const canCreate = nivel !== undefined && accessLevel(nivel, 'clients.create') === 'full'
  const canDelete = nivel !== undefined && accessLevel(nivel, 'clients.delete') === 'full'

  // Focus lands here when the element that had it goes away (a removed row's button).
  const searchRef = useRef<HTMLInputElement>(null)
  const onFormOpenChange = useCallback((open: boolean) => setForm((state) => ({ ...state, open })), [])

  // Radix returns focus to a DialogTrigger; these dialogs open from row buttons, so remember the opener.
  const { remember, returnFocus } = useReturnFocus(searchRef)
  function openForm(clientId: string | null) {
    remember()
    setForm({ open: true, clientId })
  }

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

  // What the box says now, even if the list's debounced search hasn't caught up yet.
  const exportCsv = () => runExport(() => downloadClientsCsv({ search: searchText.trim(), status }))

  const isFiltered = search !== '' || status !== 'todos'

  return (
    <ListPage
      header={
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
      }
      stats={<ClientStats />}
      filters={
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
      }
      dialogs={
        <>
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
        </>
      }
    >
      <ListBody
        list={list}
        count={clients.length}
        {...listBodyTexts(t, clients.length, total)}
        empty={
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
        }
      >
        <ClientsTable
          clients={clients}
          onEdit={(client) => openForm(client.id)}
          onRemove={canDelete ? requestRemoval : undefined}
        />
      </ListBody>
    </ListPage>
  )
}
