import * as React from 'react'
import { Popover as PopoverPrimitive } from 'radix-ui'
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react'
import { cn } from '../../lib/utils'
import { Spinner } from './spinner'

export type ComboboxOption = { value: string; label: string }

/** Case- and accent-insensitive key, so "sao jose" finds "São José". */
function normalize(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
}

export type ComboboxProps = {
  options: ComboboxOption[]
  value?: string | null
  onValueChange?: (value: string) => void
  placeholder?: string
  searchPlaceholder?: string
  emptyText?: string
  disabled?: boolean
  id?: string
  name?: string
  className?: string
  /** Classes for the popup (e.g. a width); the list itself is capped at max-h-60 and scrolls. */
  contentClassName?: string
  /** Rendering cap: with long lists (645 cities) only the first N matches are in the DOM; typing narrows them. */
  maxResults?: number
  /** Shown under a truncated list. */
  moreText?: (shown: number, total: number) => string
  onBlur?: React.FocusEventHandler<HTMLButtonElement>
  /**
   * Server-side search: called with the search text as it changes ('' when the popup opens). The caller
   * debounces, fetches and passes the results as `options` (with `filterLocally={false}`).
   */
  onSearchChange?: (search: string) => void
  /** false when `options` already are the results for the current search (server-side search). */
  filterLocally?: boolean
  /** A search is in flight: shows a spinner and holds back `emptyText`. */
  loading?: boolean
  /** Why the search failed; shown instead of the list's empty text. */
  error?: string
  /** Trigger text for a `value` that isn't among `options` (server results needn't include it). */
  selectedLabel?: string | null
  /** Adds a first option with value '' that clears the choice; it is never filtered out. */
  noneLabel?: string
  /** Accessible name of the popup and its listbox; defaults to aria-label, then placeholder. */
  listLabel?: string
  'aria-invalid'?: boolean | 'true' | 'false'
  'aria-describedby'?: string
  'aria-label'?: string
  'aria-labelledby'?: string
}

/**
 * Searchable single-select. The trigger is a button with role="combobox" (so `<Label htmlFor={id}>` names it);
 * the popup has a search input (role="combobox", aria-activedescendant) driving a role="listbox".
 * Keys: ArrowUp/ArrowDown/Home/End move, Enter picks, Escape closes; typing on the closed trigger opens it
 * with that letter as the search. Filters `options` itself, or (onSearchChange + filterLocally={false}) shows
 * the caller's server-side results for the typed search.
 */
export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = 'Selecione...',
  searchPlaceholder = 'Buscar...',
  emptyText = 'Nenhum resultado encontrado.',
  disabled,
  id,
  name,
  className,
  contentClassName,
  maxResults = 100,
  moreText = (shown, total) => `Mostrando ${shown} de ${total}. Digite para refinar a busca.`,
  onBlur,
  onSearchChange,
  filterLocally = true,
  loading = false,
  error,
  selectedLabel,
  noneLabel,
  listLabel,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = React.useState(false)
  const [query, setQuery] = React.useState('')
  const [activeIndex, setActiveIndex] = React.useState(0)
  const listRef = React.useRef<HTMLDivElement>(null)
  // Set when a mouse press opened the popup, so the click that ends that press doesn't toggle it shut.
  const openedByPressRef = React.useRef(false)
  const baseId = React.useId()
  const listId = `${baseId}-listbox`
  const optionId = (index: number) => `${baseId}-option-${index}`

  const indexed = React.useMemo(() => options.map((o) => ({ ...o, key: normalize(o.label) })), [options])
  const selected = React.useMemo(() => options.find((o) => o.value === value), [options, value])
  const triggerText = selected?.label ?? (value ? selectedLabel : null)
  const popupLabel = listLabel ?? aria['aria-label'] ?? placeholder

  const matches = React.useMemo(() => {
    const q = normalize(query)
    if (!q || !filterLocally) return indexed
    // Prefix matches first: typing "sao" should rank "São Paulo" above "Alvorada do São Francisco".
    const starts: typeof indexed = []
    const contains: typeof indexed = []
    for (const o of indexed) {
      if (o.key.startsWith(q)) starts.push(o)
      else if (o.key.includes(q)) contains.push(o)
    }
    return starts.concat(contains)
  }, [indexed, query, filterLocally])
  const shown = matches.length > maxResults ? matches.slice(0, maxResults) : matches
  const visible: ComboboxOption[] =
    noneLabel === undefined ? shown : [{ value: '', label: noneLabel }, ...shown]

  function openWith(initialQuery: string) {
    setQuery(initialQuery)
    onSearchChange?.(initialQuery)
    // Server results still belong to the previous search, so only a local list can point at the selection.
    const firstPage = indexed.slice(0, maxResults)
    const listed = noneLabel === undefined ? firstPage : [{ value: '' }, ...firstPage]
    const selectedIndex = initialQuery || !filterLocally ? -1 : listed.findIndex((o) => o.value === value)
    setActiveIndex(Math.max(selectedIndex, 0))
    setOpen(true)
  }

  function handleOpenChange(next: boolean) {
    if (next) openWith('')
    else setOpen(false)
  }

  function pick(option: ComboboxOption | undefined) {
    if (!option) return
    onValueChange?.(option.value)
    setOpen(false)
  }

  // Keep the active option visible while moving with the keyboard.
  React.useEffect(() => {
    if (!open) return
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
    el?.scrollIntoView({ block: 'nearest' })
  }, [activeIndex, open])

  /**
   * A mouse press opens the popup at once, as Radix Select does, instead of waiting for the click: a click
   * only counts where the button still is on release, and the field the user just left may show its message
   * above and push this button down between press and release, which swallowed the first click (issue 22).
   * Touch and pen keep opening on click, so a finger can still scroll the form from a picker.
   */
  function handleTriggerPointerDown(event: React.PointerEvent<HTMLButtonElement>) {
    openedByPressRef.current =
      !disabled && !open && event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey
    if (!openedByPressRef.current) return
    // Like Radix Select: the press must not also move focus to this button, away from the popup's search.
    event.preventDefault()
    openWith('')
  }

  function handleTriggerClick(event: React.MouseEvent<HTMLButtonElement>) {
    // detail 0: Enter or Space on the button, which should toggle as usual.
    if (openedByPressRef.current && event.detail > 0) event.preventDefault()
    openedByPressRef.current = false
  }

  function handleTriggerKeyDown(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (disabled || open) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openWith('')
    } else if (
      event.key.length === 1 &&
      event.key !== ' ' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault()
      openWith(event.key)
    }
  }

  function handleSearchKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const last = visible.length - 1
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        setActiveIndex((i) => Math.min(i + 1, last))
        break
      case 'ArrowUp':
        event.preventDefault()
        setActiveIndex((i) => Math.max(i - 1, 0))
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
        pick(visible[activeIndex])
        break
      case 'Tab':
        setOpen(false)
        break
      // Escape is handled by the popover, which also returns focus to the trigger.
    }
  }

  return (
    // modal: the popup gets its own scroll lock, so the list scrolls with the wheel even inside a Dialog.
    <PopoverPrimitive.Root open={open} onOpenChange={handleOpenChange} modal>
      {name && <input type="hidden" name={name} value={value ?? ''} />}
      <PopoverPrimitive.Trigger asChild disabled={disabled}>
        <button
          type="button"
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          data-slot="combobox-trigger"
          data-placeholder={triggerText ? undefined : ''}
          onPointerDown={handleTriggerPointerDown}
          // Runs before the Radix trigger's own toggle, which a prevented click skips.
          onClick={handleTriggerClick}
          onKeyDown={handleTriggerKeyDown}
          onBlur={onBlur}
          className={cn(
            'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 data-[placeholder]:text-muted-foreground dark:bg-input/30 dark:hover:bg-input/50 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0',
            className,
          )}
          {...aria}
        >
          <span className="truncate">{triggerText || placeholder}</span>
          <ChevronsUpDownIcon className="size-4 opacity-50" aria-hidden />
        </button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          data-slot="combobox-content"
          aria-label={popupLabel}
          align="start"
          sideOffset={4}
          className={cn(
            'z-50 w-(--radix-popover-trigger-width) max-w-[calc(100vw-1rem)] min-w-[12rem] overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md outline-hidden',
            contentClassName,
          )}
        >
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="size-4 shrink-0 opacity-50" aria-hidden />
            <input
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={visible[activeIndex] ? optionId(activeIndex) : undefined}
              aria-label={searchPlaceholder}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              placeholder={searchPlaceholder}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value)
                setActiveIndex(0)
                onSearchChange?.(event.target.value)
              }}
              onKeyDown={handleSearchKeyDown}
              // text-base avoids iOS zoom on focus.
              className="flex h-10 w-full bg-transparent py-3 text-base outline-hidden placeholder:text-muted-foreground md:text-sm"
            />
            {loading && <Spinner />}
          </div>
          {/* The listbox is the scroll container: axe exempts a combobox's popup from scrollable-region-focusable,
              since keyboard users move through it with aria-activedescendant. Hints stay outside role="listbox". */}
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={popupLabel}
            className="max-h-60 overflow-y-auto overscroll-contain p-1 empty:hidden"
          >
            {visible.map((option, index) => {
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
                  // Keep focus in the search input so typing keeps working after a click.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (!isActive) setActiveIndex(index)
                  }}
                  onClick={() => pick(option)}
                  className={cn(
                    'relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm select-none data-[active]:bg-accent data-[active]:text-accent-foreground',
                    noneLabel !== undefined && index === 0 && 'text-muted-foreground',
                  )}
                >
                  <span className="truncate">{option.label}</span>
                  {isSelected && <CheckIcon className="absolute right-2 size-4" aria-hidden />}
                </div>
              )
            })}
          </div>
          {error && (
            <p role="alert" className="py-4 text-center text-sm text-destructive">
              {error}
            </p>
          )}
          {!error && !loading && matches.length === 0 && (
            <p className="py-6 text-center text-sm text-muted-foreground">{emptyText}</p>
          )}
          {matches.length > shown.length && (
            <p className="border-t px-3 py-1.5 text-xs text-muted-foreground">
              {moreText(shown.length, matches.length)}
            </p>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  )
}
