import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Briefcase, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
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
import { CaseFormDialog } from './case-form'
import { CaseStats } from './case-stats'
import { CASE_STATUS_FILTERS, type CaseStatusFilter, type CaseSummary } from './cases.schema'
import { CasesTable } from './cases-table'
import {
  downloadCasesCsv,
  getCasesQueryOptions,
  useDeleteCase,
  useRestoreCase,
  type CaseFilters,
} from './use-cases'

const SEARCH_DEBOUNCE_MS = 300
const countFormat = new Intl.NumberFormat('pt-BR')

type FormState = { open: boolean; caseId: string | null }

/** /dashboard/cases — 'Casos & Processos' (spec §2). */
export function CasesPage() {
  const { t } = useTranslation('cases')
  // ?search= opens the list already narrowed (the documents page links a document's client/case here).
  const [searchParams] = useSearchParams()
  const [searchText, setSearchText] = useState(() => searchParams.get('search')?.slice(0, 100) ?? '')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [status, setStatus] = useState<CaseStatusFilter>('todos')
  const filters = useMemo<CaseFilters>(() => ({ search, status }), [search, status])

  const list = useInfiniteQuery(getCasesQueryOptions(filters))
  const cases = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])
  const total = formatTotal(list.data?.pages.at(-1))

  const [form, setForm] = useState<FormState>({ open: false, caseId: null })
  const [exporting, setExporting] = useState(false)
  const deleteCase = useDeleteCase()
  const restoreCase = useRestoreCase()
  // The browser hides what the server denies (spec §6: the estagiário never deletes a case).
  const nivel = useSession().data?.office?.nivelAcesso
  const canDelete = nivel !== undefined && accessLevel(nivel, 'cases.delete') === 'full'

  useEffect(() => {
    if (list.isError) toast.error(t('toast.loadError'), { description: list.error.message })
  }, [list.isError, list.error, t])

  // Focus lands here when the element that had it goes away (a removed row's button).
  const searchRef = useRef<HTMLInputElement>(null)
  const onFormOpenChange = useCallback((open: boolean) => setForm((state) => ({ ...state, open })), [])

  // Radix returns focus to a DialogTrigger; these dialogs open from row buttons, so remember the opener.
  const openerRef = useRef<HTMLElement | null>(null)
  function openForm(caseId: string | null) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setForm({ open: true, caseId })
  }
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault()
    const opener = openerRef.current
    if (opener?.isConnected) opener.focus()
    else searchRef.current?.focus()
  }, [])

  // Spec: deletes happen without confirmation; the toast offers 'Desfazer' for a few seconds instead.
  function remove(item: CaseSummary) {
    searchRef.current?.focus()
    removeWithUndo({
      remove: () => deleteCase.mutateAsync(item.id),
      restore: () => restoreCase.mutateAsync(item.id),
      description: item.titulo,
      t,
    })
  }

  async function exportCsv() {
    setExporting(true)
    try {
      // What the box says now, even if the list's debounced search hasn't caught up yet.
      await downloadCasesCsv({ search: searchText.trim(), status })
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
        onNew={() => openForm(null)}
      />

      <CaseStats />

      <Card className="gap-4 py-4">
        <CardContent className="grid grid-cols-1 gap-4 px-4">
          <SearchStatusBar
            idPrefix="cases"
            searchRef={searchRef}
            searchLabel={t('search.label')}
            searchPlaceholder={t('search.placeholder')}
            searchText={searchText}
            onSearchTextChange={setSearchText}
            statusLabel={t('filter.label')}
            status={status}
            statuses={CASE_STATUS_FILTERS}
            statusText={(value) => t(`status.${value}`)}
            onStatusChange={setStatus}
          />

          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError && cases.length === 0 ? (
            <ListError
              title={t('error.title')}
              message={list.error.message}
              retryLabel={t('error.retry')}
              onRetry={() => void list.refetch()}
            />
          ) : cases.length === 0 ? (
            <EmptyState
              icon={<Briefcase />}
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
              <CasesTable
                cases={cases}
                onEdit={(item) => openForm(item.id)}
                onRemove={canDelete ? remove : undefined}
              />
              <LoadMore
                showingText={t('showing', { shown: countFormat.format(cases.length), total })}
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

      <CaseFormDialog
        open={form.open}
        caseId={form.caseId}
        onOpenChange={onFormOpenChange}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  )
}
