import { useMemo, type ComponentProps } from 'react'
import DOMPurify from 'dompurify'
import { cn } from '../../lib/utils'
import { DOCUMENT_HTML_CLASSES } from './document-html'

// The server keeps templates in the HTML subset (p, h1–h3, strong, em, u, lists, br, mark, text-align) and
// escapes every merged value; this browser pass is defence in depth before the text reaches the page.
const ALLOWED_TAGS = ['p', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'br', 'mark']
const ALIGN_STYLE = /^\s*text-align:\s*(left|center|right|justify)\s*;?\s*$/i

// A separate instance, made on first use, so this hook never touches the sanitising done elsewhere.
let purify: ReturnType<typeof DOMPurify> | null = null
function instance() {
  if (purify || typeof window === 'undefined') return purify
  purify = DOMPurify(window)
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    // Only an alignment may be styled: nothing that could position or hide text over the page.
    if (data.attrName === 'style' && !ALIGN_STYLE.test(data.attrValue)) data.keepAttr = false
  })
  return purify
}

export function sanitizeTemplateHtml(html: string): string {
  return instance()?.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['style', 'data-missing'] }) ?? ''
}

/**
 * The preview with the values the user typed for missing fields: each `<mark data-missing="key">` with a
 * value becomes that text (as text, never markup), the way the generated document will read.
 */
export function fillMissing(cleanHtml: string, overrides: Readonly<Record<string, string>>): string {
  const filled = Object.entries(overrides).filter(([, value]) => value.trim() !== '')
  if (filled.length === 0 || typeof document === 'undefined') return cleanHtml
  const container = document.createElement('template')
  container.innerHTML = cleanHtml
  for (const mark of container.content.querySelectorAll('mark[data-missing]')) {
    const value = overrides[mark.getAttribute('data-missing') ?? '']?.trim()
    if (value) mark.replaceWith(document.createTextNode(value))
  }
  return container.innerHTML
}

/** A template's or preview's HTML, sanitised and styled as the document will read. */
export function SafeHtml({
  html,
  overrides,
  className,
  ...props
}: {
  html: string
  overrides?: Readonly<Record<string, string>>
  className?: string
} & Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'>) {
  const sanitized = useMemo(() => sanitizeTemplateHtml(html), [html])
  const clean = useMemo(
    () => (overrides ? fillMissing(sanitized, overrides) : sanitized),
    [sanitized, overrides],
  )
  return (
    <div
      {...props}
      className={cn(DOCUMENT_HTML_CLASSES, className)}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  )
}
