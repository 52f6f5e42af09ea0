import * as React from 'react'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Combobox } from '../../components/ui/combobox'
import { requestJson } from '../../lib/request-json'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import type { CaseOption } from './cases.schema'

const SEARCH_DEBOUNCE_MS = 250
/** The server rejects longer searches (searchParam). */
const SEARCH_MAX_LENGTH = 100

/** Active cases by title or number (max 20): GET /api/cases/options. Key under 'cases': any case change refreshes it. */
function getCaseOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['cases', 'options', search] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams()
      if (search) params.set('search', search)
      return requestJson<{ items: CaseOption[] }>(`/api/cases/options?${params}`, { signal })
    },
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  })
}

/** 'Ação de cobrança · 0001234-56.2024.8.26.0100' (the number tells apart two cases with one title). */
export function caseOptionLabel(item: { titulo: string; numeroProcesso: string | null }): string {
  return item.numeroProcesso ? `${item.titulo} · ${item.numeroProcesso}` : item.titulo
}

/**
 * Picks one of the office's active cases, searching on the server like ClientPicker (an office can hold
 * 100 k cases). The first option is 'Nenhum caso' (value '').
 */
export function CasePicker({
  id,
  value,
  selectedLabel,
  onValueChange,
  onBlur,
  ...aria
}: {
  id: string
  /** '' = no case. */
  value: string
  /** Label of the current case, known from the record even when it isn't in the current results. */
  selectedLabel: string | null
  onValueChange: (value: string, label: string | null) => void
  onBlur?: React.FocusEventHandler<HTMLButtonElement>
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}) {
  const { t } = useTranslation('cases')
  // null until the popup first opens, so a form doesn't fetch cases nobody asked for.
  const [query, setQuery] = React.useState<string | null>(null)
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS)
  // Opening (or clearing the box) lists at once; typing waits for a pause.
  const search = query === '' ? '' : debounced
  const results = useQuery({ ...getCaseOptionsQueryOptions(search ?? ''), enabled: search !== null })
  const options = React.useMemo(
    () => (results.data ?? []).map((item) => ({ value: item.id, label: caseOptionLabel(item) })),
    [results.data],
  )

  return (
    <Combobox
      id={id}
      value={value}
      options={options}
      onValueChange={(next) =>
        onValueChange(next, next === '' ? null : (options.find((o) => o.value === next)?.label ?? null))
      }
      onSearchChange={(text) => setQuery(text.trim().slice(0, SEARCH_MAX_LENGTH))}
      filterLocally={false}
      loading={results.isFetching}
      error={results.isError ? results.error.message : undefined}
      selectedLabel={selectedLabel}
      noneLabel={t('picker.casoNone')}
      placeholder={t('picker.casoNone')}
      searchPlaceholder={t('picker.casoSearch')}
      emptyText={t('picker.casoEmpty')}
      listLabel={t('picker.caso')}
      contentClassName="min-w-[14rem]"
      onBlur={onBlur}
      {...aria}
    />
  )
}
