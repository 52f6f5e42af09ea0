import type { Ref } from 'react'
import { Search } from 'lucide-react'
import { Input } from '../ui/input'
import { Label } from '../ui/label'

/**
 * A list's search field: its label, the magnifier and a search input of at most 100 characters (the API's
 * limit). `inputRef` lets the page move focus here when the focused row goes away. The text is the
 * page's (see useSearchText): the box only shows and reports it.
 */
export function SearchBox(props: {
  id: string
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  inputRef?: Ref<HTMLInputElement> | undefined
}) {
  return (
    <div className="grid flex-1 gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={props.inputRef}
          id={props.id}
          type="search"
          className="pl-9"
          placeholder={props.placeholder}
          value={props.value}
          maxLength={100}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </div>
    </div>
  )
}
