import { useEffect, useMemo, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { CalendarDays, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton, LoadMore } from '../../components/list-page/list-states'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { formatTotal } from '../../lib/offset-list'
import { EVENT_STATUSES, EVENT_TYPES } from './agenda.schema'
import { EventCard, type EventActions } from './event-card'
import { getEventsQueryOptions, type EventFilters, type StatusFilter, type TypeFilter } from './use-agenda'

const countFormat = new Intl.NumberFormat('pt-BR')

/** 'Próximo' depends on the clock: re-render once a minute so a badge appears/disappears on time. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

/** The type and status filters of the list (spec §2). */
export function EventFiltersBar({
  filters,
  onChange,
}: {
  filters: EventFilters
  onChange: (filters: EventFilters) => void
}) {
  const { t } = useTranslation('agenda')
  return (
    <div className="grid gap-3 sm:grid-cols-2 md:flex md:items-end">
      <div className="grid gap-2 md:w-52">
        <Label htmlFor="agenda-type-filter">{t('filter.tipo')}</Label>
        <Select
          value={filters.tipo}
          onValueChange={(tipo) => onChange({ ...filters, tipo: tipo as TypeFilter })}
        >
          <SelectTrigger id="agenda-type-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="todos">{t('filter.allTypes')}</SelectItem>
            {EVENT_TYPES.map((tipo) => (
              <SelectItem key={tipo} value={tipo}>
                {t(`tipo.${tipo}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2 md:w-52">
        <Label htmlFor="agenda-status-filter">{t('filter.status')}</Label>
        <Select
          value={filters.status}
          onValueChange={(status) => onChange({ ...filters, status: status as StatusFilter })}
        >
          <SelectTrigger id="agenda-status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="todos">{t('filter.allStatuses')}</SelectItem>
            {EVENT_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {t(`status.${status}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  )
}

/** The filtered list of events (ordered by start) with its loading, error, empty and 'load more' states. */
export function EventsList({
  filters,
  onNew,
  ...actions
}: EventActions & { filters: EventFilters; onNew: () => void }) {
  const { t } = useTranslation('agenda')
  const list = useInfiniteQuery(getEventsQueryOptions(filters))
  const events = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])
  const total = formatTotal(list.data?.pages.at(-1))
  const now = useNow()
  const isFiltered = filters.tipo !== 'todos' || filters.status !== 'todos'

  useEffect(() => {
    if (list.isError) toast.error(t('toast.loadError'), { description: list.error.message })
  }, [list.isError, list.error, t])

  if (list.isPending) return <ListSkeleton />
  if (list.isError && events.length === 0) {
    return (
      <ListError
        title={t('error.title')}
        message={list.error.message}
        retryLabel={t('error.retry')}
        onRetry={() => void list.refetch()}
      />
    )
  }
  if (events.length === 0) {
    return (
      <EmptyState
        icon={<CalendarDays />}
        title={t('empty.title')}
        description={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
        action={
          isFiltered ? undefined : (
            <Button onClick={onNew}>
              <Plus aria-hidden />
              {t('newEvent')}
            </Button>
          )
        }
      />
    )
  }
  return (
    <div className="grid grid-cols-1 gap-3" aria-busy={list.isFetching}>
      <ul className="grid gap-3" aria-label={t('view.list')}>
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} now={now} {...actions} />
          </li>
        ))}
      </ul>
      <LoadMore
        showingText={t('showing', { shown: countFormat.format(events.length), total })}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        loadMoreLabel={t('loadMore')}
        loadingMoreLabel={t('loadingMore')}
      />
    </div>
  )
}
