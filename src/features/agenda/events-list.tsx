import { useEffect, useState } from 'react'
import { CalendarDays, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListBody } from '../../components/list-page/list-body'
import { listBodyTexts } from '../../components/list-page/list-page'
import { useListQuery } from '../../components/list-page/use-list-query'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { EVENT_STATUSES, EVENT_TYPES } from './agenda.schema'
import { EventCard, type EventActions } from './event-card'
import { getEventsQueryOptions, type EventFilters, type StatusFilter, type TypeFilter } from './use-agenda'

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
  const { list, items: events, total } = useListQuery(getEventsQueryOptions(filters), t('toast.loadError'))
  const now = useNow()
  const isFiltered = filters.tipo !== 'todos' || filters.status !== 'todos'

  return (
    <ListBody
      list={list}
      count={events.length}
      {...listBodyTexts(t, events.length, total)}
      empty={
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
      }
    >
      <ul className="grid gap-3" aria-label={t('view.list')}>
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} now={now} {...actions} />
          </li>
        ))}
      </ul>
    </ListBody>
  )
}
