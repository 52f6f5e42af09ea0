import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover'
import { Spinner } from '../../components/ui/spinner'
import { cn } from '../../lib/utils'
import { getClientOptionsQueryOptions } from './use-cases'

const SEARCH_DEBOUNCE_MS = 250

/**
 * Picks an active client for a case, searching on the server (GET /api/clients/options?search=): an
 * office can hold 100 k clients, so the options can't all be loaded and filtered like the generic
 * Combobox does. Same keyboard model as that Combobox: the trigger is a role="combobox" button (so
 * `<Label htmlFor={id}>` names it); the popup's search input drives a listbox with
 * ArrowUp/ArrowDown/Home/End, Enter picks, Escape closes. The first option is 'Nenhum cliente' (value '').
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
  const [open, setOpen] = React.useState(false)
  const [query, setQuery] = React.useState('')
  const [search, setSearch] = React.useState('')
  const [activeIndex, setActiveIndex] = React.useState(0)
  const listRef = React.useRef<HTMLDivElement>(null)
  const baseId = React.useId()
  const listId = `${baseId}-listbox`
  const optionId = (index: number) => `${baseId}-option-${index}`

  React.useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query])

  const results = useQuery({ ...getClientOptionsQueryOptions(search), enabled: open })
  const options = React.useMemo(
    () => [
      { value: '', label: t('form.clienteNone') },
      ...(results.data ?? []).map((client) => ({ value: client.id, label: client.nomeCompleto })),
    ],
    [results.data, t],
  )

  React.useEffect(() => {
    if (!open) return
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
      ?.scrollIntoView({ block: 'nearest' })
  }, [activeIndex, open])

  function handleOpenChange(next: boolean) {
    if (next) {
      setQuery('')
      setSearch('')
      setActiveIndex(0)
    }
    setOpen(next)
  }

  function pick(option: { value: string; label: string } | undefined) {
    if (!option) return
    onValueChange(option.value, option.value === '' ? null : option.label)
    setOpen(false)
  }

  function handleSearchKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        setActiveIndex((index) => Math.min(index + 1, last))
        break
      case 'ArrowUp':
        event.preventDefault()
        setActiveIndex((index) => Math.max(index - 1, 0))
        break
      case 'Home':
        event.preventDefault()
        setActiveIndex(0)
        break
      case 'End':
        event.preventDefault()
        setActiveIndex(Math.max(last, 0))
        break
      case 'Enter':
        event.preventDefault()
        pick(options[activeIndex])
        break
      case 'Tab':
        setOpen(false)
        break
    }
  }

  const label = value === '' ? t('form.clienteNone') : (selectedLabel ?? t('form.clienteNone'))

  return (
    <Popover open={open} onOpenChange={handleOpenChange} modal>
      <PopoverTrigger asChild>
        <button
          type="button"
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          onBlur={onBlur}
          onKeyDown={(event) => {
            if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
              event.preventDefault()
              handleOpenChange(true)
            }
          }}
          className={cn(
            'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30 dark:hover:bg-input/50',
            value === '' && 'text-muted-foreground',
          )}
          {...aria}
        >
          <span className="truncate">{label}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-[14rem] p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 shrink-0 opacity-50" aria-hidden />
          <input
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={options[activeIndex] ? optionId(activeIndex) : undefined}
            aria-label={t('form.clienteSearch')}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('form.clienteSearch')}
            value={query}
            maxLength={100}
            onChange={(event) => {
              setQuery(event.target.value)
              setActiveIndex(0)
            }}
            onKeyDown={handleSearchKeyDown}
            className="flex h-10 w-full bg-transparent py-3 text-base outline-hidden placeholder:text-muted-foreground md:text-sm"
          />
          {results.isFetching && <Spinner />}
        </div>
        <div ref={listRef} className="max-h-60 overflow-y-auto overscroll-contain p-1">
          <div id={listId} role="listbox" aria-label={t('form.cliente')}>
            {options.map((option, index) => {
              const isSelected = option.value === value
              const isActive = index === activeIndex
              return (
                <div
                  key={option.value || 'none'}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={isSelected}
                  data-active={isActive || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (!isActive) setActiveIndex(index)
                  }}
                  onClick={() => pick(option)}
                  className={cn(
                    'relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground',
                    option.value === '' && 'text-muted-foreground',
                  )}
                >
                  <span className="truncate">{option.label}</span>
                  {isSelected && <CheckIcon className="absolute right-2 size-4" aria-hidden />}
                </div>
              )
            })}
          </div>
          {results.isSuccess && options.length === 1 && (
            <p className="py-4 text-center text-sm text-muted-foreground">{t('form.clienteEmpty')}</p>
          )}
          {results.isError && (
            <p role="alert" className="py-4 text-center text-sm text-destructive">
              {results.error.message}
            </p>
          )}
        </div>
      </PopoverContent>
    </Popover>
  )
}
