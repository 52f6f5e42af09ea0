import type { Ref } from 'react'
import { Search } from 'lucide-react'
import { Input } from '../ui/input'
import { Label } from '../ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select'

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
      <div className="grid flex-1 gap-2">
        <Label htmlFor={searchId}>{props.searchLabel}</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={props.searchRef}
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={props.searchPlaceholder}
            value={props.searchText}
            maxLength={100}
            onChange={(event) => props.onSearchTextChange(event.target.value)}
          />
        </div>
      </div>
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
