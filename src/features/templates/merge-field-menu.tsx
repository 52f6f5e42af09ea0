import { Fragment, useRef } from 'react'
import type { Editor } from '@tiptap/react'
import { Braces, ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { MERGE_FIELDS, MERGE_GROUPS } from './merge-fields'

/**
 * 'Inserir campo': the merge fields by group; choosing one types `{cliente.nome}` at the cursor (a field
 * is plain text in the template, the same syntax as in an uploaded .docx).
 */
export function MergeFieldMenu({ editor }: { editor: Editor }) {
  const { t } = useTranslation('templates')
  // After a choice the focus goes back into the text (at the inserted field), not to the menu's button.
  const inserted = useRef(false)

  function insert(key: string) {
    inserted.current = true
    editor.chain().focus().insertContent(`{${key}}`).run()
  }

  return (
    // Not modal: the editor's dialog already is, and hiding it from assistive tech while the menu is open
    // would leave its scrolling content unreachable (axe: scrollable-region-focusable).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className="h-8">
          <Braces aria-hidden />
          {t('editor.insertField')}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        // The long list scrolls: its container stays in the tab order (axe: scrollable-region-focusable).
        tabIndex={0}
        align="end"
        className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] w-72"
        onCloseAutoFocus={(event) => {
          if (!inserted.current) return
          inserted.current = false
          event.preventDefault()
          editor.commands.focus()
        }}
      >
        {MERGE_GROUPS.map((group, index) => {
          const fields = MERGE_FIELDS.filter((field) => field.group === group)
          if (fields.length === 0) return null
          return (
            <Fragment key={group}>
              {index > 0 && <DropdownMenuSeparator />}
              <DropdownMenuGroup aria-label={t(`fieldGroup.${group}`)}>
                <DropdownMenuLabel>{t(`fieldGroup.${group}`)}</DropdownMenuLabel>
                {fields.map((field) => (
                  <DropdownMenuItem key={field.key} onSelect={() => insert(field.key)}>
                    <span className="grid min-w-0">
                      <span className="truncate">{field.label}</span>
                      <span className="truncate font-mono text-xs text-muted-foreground">{`{${field.key}}`}</span>
                    </span>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuGroup>
            </Fragment>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
