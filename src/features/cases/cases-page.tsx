import { useCallback, useMemo, useRef, useState } from 'react'
import { Briefcase, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
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

type FormState = { open: boolean; caseId: string | null }

/** /dashboard/cases — 'Casos & Processos' (spec §2). */
export function CasesPage() {
  const { t } = useTranslation('cases')
  // ?search= opens the list already narrowed (the documents page links a document's client/case here).
  const [searchParams] = useSearchParams()
  const { searchText, setSearchText, search } = useSearchText(
    () => searchParams.get('search')?.slice(0, 100) ?? '',
  )
  const [status, setStatus] = useState<CaseStatusFilter>('todos')
  const filters = useMemo<CaseFilters>(() => ({ search, status }), [search, status])

  const { list, items: cases, total } = useListQuery(getCasesQueryOptions(filters), t('toast.loadError'))

  const [form, setForm] = useState<FormState>({ open: false, caseId: null })
  const { exporting, run: runExport } = useExport(t('exportError'))
  const deleteCase = useDeleteCase()
  const restoreCase = useRestoreCase()
  // The browser hides what the server denies (spec §6: the estagiário never deletes a case).
  const nivel = useSession().data?.office?.nivelAcesso
  const canDelete = nivel !== undefined && accessLevel(nivel, 'cases.delete') === 'full'

  // Focus lands here when the element that had it goes away (a removed row's button).
  const searchRef = useRef<HTMLInputElement>(null)
  const onFormOpenChange = useCallback((open: boolean) => setForm((state) => ({ ...state, open })), [])

  // Radix returns focus to a DialogTrigger; these dialogs open from row buttons, so remember the opener.
  const { remember, returnFocus } = useReturnFocus(searchRef)
  function openForm(caseId: string | null) {
    remember()
    setForm({ open: true, caseId })
  }

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

  // What the box says now, even if the list's debounced search hasn't caught up yet.
  const exportCsv = () => runExport(() => downloadCasesCsv({ search: searchText.trim(), status }))

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
          onNew={() => openForm(null)}
        />
      }
      stats={<CaseStats />}
      filters={
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
      }
      dialogs={
        <CaseFormDialog
          open={form.open}
          caseId={form.caseId}
          onOpenChange={onFormOpenChange}
          onCloseAutoFocus={returnFocus}
        />
      }
    >
      <ListBody
        list={list}
        count={cases.length}
        {...listBodyTexts(t, cases.length, total)}
        empty={
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
        }
      >
        <CasesTable
          cases={cases}
          onEdit={(item) => openForm(item.id)}
          onRemove={canDelete ? remove : undefined}
        />
      </ListBody>
    </ListPage>
  )
}
