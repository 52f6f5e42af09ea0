import sanitizeHtml from 'sanitize-html'

// The DJEN's `texto` is HTML written by each court's system: shown to the user as HTML, so it is cleaned ONCE,
// at ingestion, to formatting only. No script, style, iframe, form or image; no attribute but a link's href
// (http, https, mailto) and a cell's span; no class/style/id (a court's `class="fixed inset-0"` would cover
// the whole screen with our Tailwind). Links open apart from the app, without an opener.

const FORMATTING_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'a',
]

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: FORMATTING_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The content of these goes too, not only the tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
  },
}

const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: HTML_OPTIONS.nonTextTags ?? [],
}

const looksLikeHtml = (text: string) => /<[a-z!/][^>]*>/i.test(text)

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The communication's text as safe HTML: formatting tags only. Plain text keeps its line breaks. */
export function sanitizeCommunicationHtml(texto: string | null | undefined): string {
  const text = texto ?? ''
  if (!looksLikeHtml(text)) return escapeHtml(text).replace(/\r?\n/g, '<br />')
  return sanitizeHtml(text, HTML_OPTIONS)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** The communication's words without markup (search and the prazo's suggestion read it). */
export function communicationPlainText(texto: string | null | undefined): string {
  const text = texto ?? ''
  const withBreaks = looksLikeHtml(text) ? text.replace(/<(br|\/p|\/div|\/li|\/tr)\b[^>]*>/gi, '$&\n') : text
  return decodeEntities(sanitizeHtml(withBreaks, TEXT_OPTIONS))
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

const NUMBER_WORDS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  quatorze: 14,
  catorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
  vinte: 20,
  trinta: 30,
}

/**
 * The number of days a communication gives, when it says so: "prazo de 15 (quinze) dias", "no prazo de
 * 05 dias úteis", "prazo legal de quinze dias". The first mention wins; null when none (the dialog stays
 * empty rather than guess).
 */
export function suggestPrazoDias(text: string): number | null {
  const folded = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  const digits =
    /prazo\s+(?:legal\s+|comum\s+|sucessivo\s+|improrrogavel\s+)?de\s+(\d{1,3})\s*(?:\([^)]{1,40}\)\s*)?dias?/.exec(
      folded,
    )
  if (digits?.[1]) {
    const value = Number(digits[1])
    return value >= 1 && value <= 365 ? value : null
  }
  const words =
    /prazo\s+(?:legal\s+|comum\s+|sucessivo\s+|improrrogavel\s+)?de\s+([a-z]+)(?:\s+e\s+([a-z]+))?\s+dias?/.exec(
      folded,
    )
  if (words?.[1]) {
    const first = NUMBER_WORDS[words[1]]
    if (first === undefined) return null
    const second = words[2] === undefined ? 0 : (NUMBER_WORDS[words[2]] ?? Number.NaN)
    const value = first + second
    return Number.isFinite(value) ? value : null
  }
  return null
}
