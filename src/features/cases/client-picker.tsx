import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Combobox } from '../../components/ui/combobox'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { getClientOptionsQueryOptions } from './use-cases'

const SEARCH_DEBOUNCE_MS = 250
/** The server rejects longer searches (searchParam). */
const SEARCH_MAX_LENGTH = 100

/**
 * Picks an active client for a case, searching on the server (GET /api/clients/options?search=): an
 * office can hold 100 k clients, so the options can't all be loaded and filtered locally. The first
 * option is 'Nenhum cliente' (value '').
 */
export function ClientPicker({
  id,
  value,
  selectedLabel,
  onValueChange,
  onBlur,
  ...aria
}: {
  id: string
  /** '' = no client. */
  value: string
  /** Name of the current client, known from the case record even when it isn't in the current results. */
  selectedLabel: string | null
  onValueChange: (value: string, label: string | null) => void
  onBlur?: React.FocusEventHandler<HTMLButtonElement>
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}) {
  const { t } = useTranslation('cases')
  // null until the popup first opens, so the form doesn't fetch clients nobody asked for.
  const [query, setQuery] = React.useState<string | null>(null)
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS)
  // Opening (or clearing the box) lists at once; typing waits for a pause.
  const search = query === '' ? '' : debounced
  const results = useQuery({ ...getClientOptionsQueryOptions(search ?? ''), enabled: search !== null })
  const options = React.useMemo(
    () => (results.data ?? []).map((client) => ({ value: client.id, label: client.nomeCompleto })),
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
      noneLabel={t('form.clienteNone')}
      placeholder={t('form.clienteNone')}
      searchPlaceholder={t('form.clienteSearch')}
      emptyText={t('form.clienteEmpty')}
      listLabel={t('form.cliente')}
      contentClassName="min-w-[14rem]"
      onBlur={onBlur}
      {...aria}
    />
  )
}
