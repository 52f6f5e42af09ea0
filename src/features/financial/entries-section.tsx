import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ListError, ListSkeleton, LoadMore } from '../../components/list-page/list-states'
import { SearchBox } from '../../components/list-page/search-box'
import { useListQuery } from '../../components/list-page/use-list-query'
import { EmptyState } from '../../components/ui/empty-state'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { FINANCIAL_STATUSES, FINANCIAL_TYPES } from './financial.schema'
import { EntryRow, type EntryActions } from './entry-row'
import { getEntriesQueryOptions, type EntryFilters } from './use-financial'

/** The filters above the list: search (description or client), type and status. */
function FilterBar({
  filters,
  searchText,
  onSearchText,
  onChange,
}: {
  filters: EntryFilters
  searchText: string
  onSearchText: (value: string) => void
  onChange: (filters: EntryFilters) => void
}) {
  const { t } = useTranslation('financial')
  const searchRef = useRef<HTMLInputElement>(null)
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchBox
        id="financial-search"
        inputRef={searchRef}
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={searchText}
        onChange={onSearchText}
      />
      <div className="grid gap-2 md:w-44">
        <Label htmlFor="financial-tipo-filter">{t('filters.tipo')}</Label>
        <Select
          value={filters.tipo}
          onValueChange={(value) => onChange({ ...filters, tipo: value as EntryFilters['tipo'] })}
        >
          <SelectTrigger id="financial-tipo-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="todos">{t('filters.todos')}</SelectItem>
            {FINANCIAL_TYPES.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`tipo.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2 md:w-44">
        <Label htmlFor="financial-status-filter">{t('filters.status')}</Label>
        <Select
          value={filters.status}
          onValueChange={(value) => onChange({ ...filters, status: value as EntryFilters['status'] })}
        >
          <SelectTrigger id="financial-status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="todos">{t('filters.todos')}</SelectItem>
            {FINANCIAL_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`status.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  )
}

/** Filters + the paged list ('Carregar mais'), with loading, empty and error states. */
export function EntriesSection({
  filters,
  searchText,
  onSearchText,
  onFiltersChange,
  actions,
}: {
  /** The query's filters (q already debounced). */
  filters: EntryFilters
  searchText: string
  onSearchText: (value: string) => void
  onFiltersChange: (filters: EntryFilters) => void
  actions: EntryActions
}) {
  const { t } = useTranslation('financial')
  const { list, items, lastPage: last } = useListQuery(getEntriesQueryOptions(filters))
  const total = last?.total ?? 0

  return (
    <section aria-labelledby="financial-list-title" className="grid gap-4">
      <h2 id="financial-list-title" className="text-lg font-semibold">
        {t('list.title')}
      </h2>
      <FilterBar
        filters={filters}
        searchText={searchText}
        onSearchText={onSearchText}
        onChange={onFiltersChange}
      />
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError && items.length === 0 ? (
        <ListError
          title={t('list.loadError')}
          message={list.error.message}
          retryLabel={t('list.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={list.isFetching}>
            {items.map((entry) => (
              <EntryRow key={entry.id} entry={entry} actions={actions} />
            ))}
          </ul>
          <LoadMore
            showingText={t(last?.totalCapped ? 'list.showingCapped' : 'list.showing', {
              shown: items.length,
              total: total.toLocaleString('pt-BR'),
            })}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            loadMoreLabel={t('list.loadMore')}
            loadingMoreLabel={t('list.loadingMore')}
          />
        </>
      )}
    </section>
  )
}
