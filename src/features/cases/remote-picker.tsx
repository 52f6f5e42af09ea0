import * as React from 'react'
import { useQuery, type UseQueryOptions } from '@tanstack/react-query'
import { Combobox } from '../../components/ui/combobox'
import { useDebouncedValue } from '../../lib/use-debounced-value'

const SEARCH_DEBOUNCE_MS = 250
/** The server rejects longer searches (searchParam). */
const SEARCH_MAX_LENGTH = 100

export interface RemotePickerProps {
  id: string
  /** '' = none. */
  value: string
  /** Label of the current record, known from the form even when it isn't in the current results. */
  selectedLabel: string | null
  onValueChange: (value: string, label: string | null) => void
  onBlur?: React.FocusEventHandler<HTMLButtonElement>
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  /** Shown instead of the 'none' text, and nothing is fetched: the member may not search these records. */
  disabledReason?: string | undefined
}

/**
 * Picks one record of the office, searching on the server (an office can hold 100 k clients or cases, so
 * the options can't all be loaded and filtered locally). The first option is the 'none' one (value '').
 * Nothing is fetched until the popup first opens; typing waits for a pause.
 */
export function RemotePicker<T, K extends readonly unknown[]>({
  queryOptionsFor,
  toOption,
  texts,
  onValueChange,
  disabledReason,
  ...props
}: RemotePickerProps & {
  queryOptionsFor: (search: string) => UseQueryOptions<{ items: T[] }, Error, T[], K>
  toOption: (item: T) => { value: string; label: string }
  texts: { none: string; search: string; empty: string; list: string }
}) {
  const [query, setQuery] = React.useState<string | null>(null)
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS)
  const search = query === '' ? '' : debounced
  const results = useQuery({ ...queryOptionsFor(search ?? ''), enabled: search !== null && !disabledReason })
  const options = React.useMemo(() => (results.data ?? []).map(toOption), [results.data, toOption])

  return (
    <Combobox
      {...props}
      options={options}
      onValueChange={(next) =>
        onValueChange(next, next === '' ? null : (options.find((o) => o.value === next)?.label ?? null))
      }
      onSearchChange={(text) => setQuery(text.trim().slice(0, SEARCH_MAX_LENGTH))}
      filterLocally={false}
      loading={results.isFetching}
      error={results.isError ? results.error.message : undefined}
      disabled={Boolean(disabledReason)}
      noneLabel={texts.none}
      placeholder={disabledReason ?? texts.none}
      searchPlaceholder={texts.search}
      emptyText={texts.empty}
      listLabel={texts.list}
      contentClassName="min-w-[14rem]"
    />
  )
}
