import { useQuery } from '@tanstack/react-query'
import { Search, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { PUBLICATION_STATUSES, type PublicationStatus } from './publications.schema'
import { getPublicationFiltersQueryOptions, type InboxFilters } from './use-publications'

/** A Radix select item can't have an empty value: 'todos' stands for "no filter". */
const ALL = 'todos'

/**
 * Status, tribunal, OAB, period and text search above the inbox. `searchText` is what the box shows now;
 * the page debounces it into `filters.q`.
 */
export function PublicationFiltersBar({
  filters,
  onChange,
  searchText,
  onSearchTextChange,
  onClear,
}: {
  filters: InboxFilters
  onChange: (filters: InboxFilters) => void
  searchText: string
  onSearchTextChange: (value: string) => void
  onClear: () => void
}) {
  const { t } = useTranslation('publications')
  const options = useQuery(getPublicationFiltersQueryOptions())
  const tribunais = options.data?.tribunais ?? []
  const oabs = options.data?.oabs ?? []
  // A chosen value the options don't list (yet) stays selectable, so the trigger never shows blank.
  const tribunalOptions =
    filters.tribunal && !tribunais.includes(filters.tribunal) ? [filters.tribunal, ...tribunais] : tribunais

  return (
    <div role="group" aria-label={t('filter.label')} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="publications-search">{t('filter.search')}</Label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="publications-search"
              type="search"
              className="pl-9"
              placeholder={t('filter.searchPlaceholder')}
              value={searchText}
              maxLength={100}
              onChange={(event) => onSearchTextChange(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="publications-status-filter">{t('filter.status')}</Label>
          <Select
            value={filters.status}
            onValueChange={(status) =>
              onChange({ ...filters, status: status as PublicationStatus | typeof ALL })
            }
          >
            <SelectTrigger id="publications-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('filter.allStatuses')}</SelectItem>
              {PUBLICATION_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {t(`status.${status}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="publications-tribunal-filter">{t('filter.tribunal')}</Label>
          <Select
            value={filters.tribunal || ALL}
            onValueChange={(value) => onChange({ ...filters, tribunal: value === ALL ? '' : value })}
          >
            <SelectTrigger id="publications-tribunal-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              <SelectItem value={ALL}>{t('filter.allTribunais')}</SelectItem>
              {tribunalOptions.map((sigla) => (
                <SelectItem key={sigla} value={sigla}>
                  {sigla}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="publications-oab-filter">{t('filter.oab')}</Label>
          <Select
            value={filters.oabId || ALL}
            onValueChange={(value) => onChange({ ...filters, oabId: value === ALL ? '' : value })}
          >
            <SelectTrigger id="publications-oab-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              <SelectItem value={ALL}>{t('filter.allOabs')}</SelectItem>
              {oabs.map((oab) => (
                <SelectItem key={oab.id} value={oab.id}>
                  {oab.formatted}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="publications-from">{t('filter.from')}</Label>
          <Input
            id="publications-from"
            type="date"
            className="w-40"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onChange({ ...filters, from: event.target.value })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="publications-to">{t('filter.to')}</Label>
          <Input
            id="publications-to"
            type="date"
            className="w-40"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => onChange({ ...filters, to: event.target.value })}
          />
        </div>
        <Button type="button" variant="ghost" onClick={onClear}>
          <X aria-hidden />
          {t('filter.clear')}
        </Button>
      </div>
    </div>
  )
}
