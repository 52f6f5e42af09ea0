import type { Ref } from 'react'
import { Label } from '../ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select'
import { SearchBox } from './search-box'

/**
 * The search box and status select above a list. `idPrefix` makes the ids ('<prefix>-search',
 * '<prefix>-status-filter') that the labels point at. `searchRef` lets the page move focus here when the
 * focused row goes away.
 */
export function SearchStatusBar<S extends string>(props: {
  idPrefix: string
  searchRef: Ref<HTMLInputElement>
  searchLabel: string
  searchPlaceholder: string
  searchText: string
  onSearchTextChange: (value: string) => void
  statusLabel: string
  status: S
  statuses: readonly S[]
  statusText: (status: S) => string
  onStatusChange: (status: S) => void
}) {
  const searchId = `${props.idPrefix}-search`
  const statusId = `${props.idPrefix}-status-filter`
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox
        id={searchId}
        inputRef={props.searchRef}
        label={props.searchLabel}
        placeholder={props.searchPlaceholder}
        value={props.searchText}
        onChange={props.onSearchTextChange}
      />
      <div className="grid gap-2 sm:w-48">
        <Label htmlFor={statusId}>{props.statusLabel}</Label>
        <Select value={props.status} onValueChange={(value) => props.onStatusChange(value as S)}>
          <SelectTrigger id={statusId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {props.statuses.map((value) => (
              <SelectItem key={value} value={value}>
                {props.statusText(value)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  )
}
