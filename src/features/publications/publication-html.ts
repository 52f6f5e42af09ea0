import DOMPurify from 'dompurify'

// The server stores a court's HTML already sanitised to formatting tags (DESIGN §9). This second pass in the
// browser is defence in depth: were a stored row ever to hold markup, nothing active, no attribute that
// could style or position an element over the page, and no link that could reach back through window.opener.
const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan']

let hooked = false
/** The formatting tags of a court's text; links open apart, without window.opener. */
export function sanitizePublicationHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      }
    })
    hooked = true
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    ADD_ATTR: ['target', 'rel'],
  })
}
