import { useEffect, useRef } from 'react'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import TextAlign from '@tiptap/extension-text-align'
import { cn } from '../../lib/utils'
import { DOCUMENT_HTML_CLASSES } from './document-html'
import { EditorToolbar } from './editor-toolbar'

// TipTap lives only in this file and the toolbar: the template dialog imports it lazily, so ProseMirror
// reaches the browser only when someone opens the editor (never the dashboard's other pages).

/** The template HTML subset (plan of issue 25): nothing the server's sanitiser would strip. */
const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: false,
    // It would save an empty <p> after a closing heading: a stray blank line in the PDF and the DOCX.
    trailingNode: false,
  }),
  TextAlign.configure({
    types: ['heading', 'paragraph'],
    alignments: ['left', 'center', 'right', 'justify'],
  }),
]

export function RichTextEditor({
  id,
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
}: {
  id: string
  value: string
  onChange: (html: string) => void
  onBlur?: () => void
  /** The id of the visible label (a contenteditable has no <label for>). */
  labelledBy: string
  describedBy?: string | undefined
  invalid?: boolean | undefined
}) {
  // The form's message wiring, kept here so the editor's creation (after mount) can apply it too.
  const aria = useRef({ describedBy, invalid })
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
    onCreate: ({ editor: created }) => applyAria(created.view.dom, aria.current),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class: cn(
          DOCUMENT_HTML_CLASSES,
          'min-h-64 px-3 py-2 outline-none sm:min-h-80 [&_p.is-editor-empty:first-child]:before:content-none',
        ),
      },
    },
  })

  // aria-describedby/aria-invalid follow the form's message without recreating the editor. The view
  // exists only once the editor is created (onCreate applies the latest values then).
  useEffect(() => {
    aria.current = { describedBy, invalid }
    if (editor.isInitialized && !editor.isDestroyed) applyAria(editor.view.dom, aria.current)
  }, [editor, describedBy, invalid])

  return (
    <div
      className={cn(
        'rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring/50',
        invalid && 'border-destructive',
      )}
    >
      <EditorToolbar editor={editor} editorId={id} />
      <EditorContent editor={editor} className="max-h-[60dvh] overflow-y-auto" />
    </div>
  )
}

function applyAria(
  dom: HTMLElement,
  { describedBy, invalid }: { describedBy?: string | undefined; invalid?: boolean | undefined },
) {
  if (describedBy) dom.setAttribute('aria-describedby', describedBy)
  else dom.removeAttribute('aria-describedby')
  if (invalid) dom.setAttribute('aria-invalid', 'true')
  else dom.removeAttribute('aria-invalid')
}
