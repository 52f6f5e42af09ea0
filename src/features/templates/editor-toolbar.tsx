import type { ReactNode } from 'react'
import { useEditorState, type Editor } from '@tiptap/react'
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  Heading3,
  Italic,
  List,
  ListOrdered,
  Underline,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { MergeFieldMenu } from './merge-field-menu'

type Align = 'left' | 'center' | 'right' | 'justify'

/** What the buttons show as pressed, read from the editor only when it changes (not on every render). */
function selectState({ editor }: { editor: Editor }) {
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    h1: editor.isActive('heading', { level: 1 }),
    h2: editor.isActive('heading', { level: 2 }),
    h3: editor.isActive('heading', { level: 3 }),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    left: editor.isActive({ textAlign: 'left' }),
    center: editor.isActive({ textAlign: 'center' }),
    right: editor.isActive({ textAlign: 'right' }),
    justify: editor.isActive({ textAlign: 'justify' }),
  }
}

/**
 * The editor's toolbar: toggle buttons (aria-pressed) whose names say their keyboard shortcut, which
 * TipTap binds (Ctrl+B, Ctrl+I, Ctrl+U, Ctrl+Alt+1–3, Ctrl+Shift+8/7, Ctrl+Shift+L/E/R/J).
 */
export function EditorToolbar({ editor, editorId }: { editor: Editor; editorId: string }) {
  const { t } = useTranslation('templates')
  const state = useEditorState({ editor, selector: selectState })
  const chain = () => editor.chain().focus()
  const align = (value: Align) => chain().setTextAlign(value).run()

  return (
    <div
      role="toolbar"
      aria-label={t('editor.toolbar')}
      aria-controls={editorId}
      className="flex flex-wrap items-center gap-1 border-b border-input p-1"
    >
      <Toggle
        label={t('editor.bold')}
        keys="Control+B"
        pressed={state.bold}
        onClick={() => chain().toggleBold().run()}
      >
        <Bold />
      </Toggle>
      <Toggle
        label={t('editor.italic')}
        keys="Control+I"
        pressed={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic />
      </Toggle>
      <Toggle
        label={t('editor.underline')}
        keys="Control+U"
        pressed={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <Underline />
      </Toggle>
      <Divider />
      {([1, 2, 3] as const).map((level) => (
        <Toggle
          key={level}
          label={t('editor.heading', { level })}
          keys={`Control+Alt+${level}`}
          pressed={state[`h${level}`]}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          {level === 1 ? <Heading1 /> : level === 2 ? <Heading2 /> : <Heading3 />}
        </Toggle>
      ))}
      <Divider />
      <Toggle
        label={t('editor.bulletList')}
        keys="Control+Shift+8"
        pressed={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List />
      </Toggle>
      <Toggle
        label={t('editor.orderedList')}
        keys="Control+Shift+7"
        pressed={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered />
      </Toggle>
      <Divider />
      <Toggle
        label={t('editor.alignLeft')}
        keys="Control+Shift+L"
        pressed={state.left}
        onClick={() => align('left')}
      >
        <AlignLeft />
      </Toggle>
      <Toggle
        label={t('editor.alignCenter')}
        keys="Control+Shift+E"
        pressed={state.center}
        onClick={() => align('center')}
      >
        <AlignCenter />
      </Toggle>
      <Toggle
        label={t('editor.alignRight')}
        keys="Control+Shift+R"
        pressed={state.right}
        onClick={() => align('right')}
      >
        <AlignRight />
      </Toggle>
      <Toggle
        label={t('editor.alignJustify')}
        keys="Control+Shift+J"
        pressed={state.justify}
        onClick={() => align('justify')}
      >
        <AlignJustify />
      </Toggle>
      <Divider />
      <MergeFieldMenu editor={editor} />
    </div>
  )
}

function Toggle({
  label,
  keys,
  pressed,
  onClick,
  children,
}: {
  label: string
  /** ARIA's notation ('Control+B'); the tooltip shows it too. */
  keys: string
  pressed: boolean
  onClick: () => void
  children: ReactNode
}) {
  const shortcut = keys.replace('Control', 'Ctrl')
  return (
    <Button
      type="button"
      variant={pressed ? 'secondary' : 'ghost'}
      size="icon"
      className="size-8 aria-pressed:bg-accent aria-pressed:text-accent-foreground"
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={keys}
      title={`${label} (${shortcut})`}
      // Keep the editor's selection: a mouse press on the button must not move the focus first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden className="contents">
        {children}
      </span>
    </Button>
  )
}

function Divider() {
  return <span aria-hidden className="mx-1 h-5 w-px bg-border" />
}
