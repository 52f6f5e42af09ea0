import Docxtemplater from 'docxtemplater'
import InspectModule from 'docxtemplater/js/inspect-module.js'
import mammoth from 'mammoth'
import PizZip from 'pizzip'
import sanitizeHtml from 'sanitize-html'
import { ApiError } from '../../platform/http-error.server'
import { checkDocxArchive, NOT_DOCX_MESSAGE } from './docx-archive.server'
import { MERGE_FIELD_KEYS } from './merge-fields'

/**
 * An office's own Word template (.docx with `{cliente.nome}` fields, issue 25): inspected on upload (unknown or
 * broken fields are refused then, not discovered at generation), filled at generation, and turned into the
 * template HTML subset for the preview and the PDF. Every entry point bounds the archive first
 * (docx-archive.server.ts) because pizzip and mammoth inflate it whole in memory.
 */

/** What the final document prints for a field with no value: a blank to fill by hand (merge-fill's 'final'). */
export const BLANK_FIELD = '__________'

type Values = Readonly<Record<string, string | null>>

/** docxtemplater's error, as far as the messages below read it. */
interface TemplateErrorDetail {
  properties?: { id?: unknown; xtag?: unknown; errors?: unknown; explanation?: unknown }
}

function brokenTagText(error: TemplateErrorDetail): string {
  const id = typeof error.properties?.id === 'string' ? error.properties.id : ''
  const tag = typeof error.properties?.xtag === 'string' ? error.properties.xtag.trim() : ''
  switch (id) {
    case 'unclosed_tag':
      return `{${tag} (falta o "}")`
    case 'unopened_tag':
      return `${tag}} (falta o "{")`
    case 'duplicate_open_tag':
      return `{{${tag} (chave "{" repetida)`
    case 'duplicate_close_tag':
      return `${tag}}} (chave "}" repetida)`
    default:
      return tag ? `{${tag}}` : 'campo sem nome'
  }
}

/** docxtemplater's compile errors, as one pt-BR message naming each broken field. */
function templateError(error: unknown): ApiError {
  const detail = error as TemplateErrorDetail
  const list = Array.isArray(detail.properties?.errors)
    ? (detail.properties.errors as TemplateErrorDetail[])
    : [detail]
  if (!detail.properties)
    return new ApiError(400, 'invalid_docx', NOT_DOCX_MESSAGE, { file: NOT_DOCX_MESSAGE })
  const broken = [...new Set(list.map(brokenTagText))]
  const message =
    broken.length === 1
      ? `O modelo tem um campo malformado: ${broken[0] ?? ''}. Corrija no Word e envie novamente.`
      : `O modelo tem campos malformados: ${broken.join('; ')}. Corrija no Word e envie novamente.`
  return new ApiError(400, 'invalid_docx_fields', message, { file: message })
}

/**
 * Opens the template: `{` `}` delimiters, a field name looked up as one flat key ('cliente.nome' is a key of the
 * values map, not cliente → nome), `\n` in a value printed as a line break.
 */
function openTemplate(buffer: Buffer, modules: Docxtemplater.DXT.Module[] = []): Docxtemplater<PizZip> {
  checkDocxArchive(buffer)
  let zip: PizZip
  try {
    zip = new PizZip(buffer)
  } catch {
    throw new ApiError(400, 'invalid_docx', NOT_DOCX_MESSAGE, { file: NOT_DOCX_MESSAGE })
  }
  try {
    return new Docxtemplater(zip, {
      delimiters: { start: '{', end: '}' },
      paragraphLoop: true,
      linebreaks: true,
      // A control character pasted into a record would otherwise make a file Word refuses to open.
      stripInvalidXMLChars: true,
      modules,
      parser: (tag) => ({
        get: (scope: unknown) => {
          const key = tag.trim()
          if (key === '.') return scope
          const values = scope as Values | null | undefined
          return values && Object.hasOwn(values, key) ? values[key] : undefined
        },
      }),
      nullGetter: () => BLANK_FIELD,
    })
  } catch (error) {
    throw templateError(error)
  }
}

/** The fields a template uses, and those of them that are not merge fields (refused on upload). */
export function inspectDocxTemplate(buffer: Buffer): { placeholders: string[]; unknown: string[] } {
  const inspector = new InspectModule()
  openTemplate(buffer, [inspector])
  const placeholders = [...new Set(Object.keys(inspector.getAllTags()).map((tag) => tag.trim()))].sort()
  return { placeholders, unknown: placeholders.filter((key) => !MERGE_FIELD_KEYS.has(key)) }
}

/** The template with every field replaced by its value (null or absent → a blank line to fill by hand). */
export function fillDocxTemplate(buffer: Buffer, values: Values): Buffer {
  const doc = openTemplate(buffer)
  const data: Record<string, string> = {}
  for (const [key, value] of Object.entries(values)) data[key] = value ?? BLANK_FIELD
  try {
    doc.render(data)
  } catch (error) {
    throw templateError(error)
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' })
}

const ALIGNS = ['left', 'center', 'right', 'justify'] as const
const TAGS = ['p', 'h1', 'h2', 'h3'] as const

/** Word's w:jc values as CSS text-align. */
function cssAlign(value: unknown): (typeof ALIGNS)[number] | null {
  if (value === 'center') return 'center'
  if (value === 'right' || value === 'end') return 'right'
  if (value === 'both' || value === 'distribute') return 'justify'
  if (value === 'left' || value === 'start') return 'left'
  return null
}

/** The HTML tag mammoth would give a paragraph of this style (its default style map, reduced to h1–h3). */
function tagOf(styleName: unknown): (typeof TAGS)[number] {
  const name = typeof styleName === 'string' ? styleName.toLowerCase() : ''
  if (name === 'title') return 'h1'
  const level = /^heading (\d)$/.exec(name)?.[1]
  if (!level) return 'p'
  return level === '1' ? 'h1' : level === '2' ? 'h2' : 'h3'
}

interface MammothElement {
  type?: unknown
  styleName?: unknown
  alignment?: unknown
  numbering?: unknown
  children?: unknown
}

/**
 * mammoth drops paragraph alignment; a centred title or a right-aligned date matter in a legal piece. Each
 * aligned paragraph gets a style name that the style map below turns into a class, and the class into
 * `text-align` in sanitizeUploadHtml. List paragraphs keep their style (mammoth's list mapping needs it).
 */
function markAlignment(element: MammothElement): MammothElement {
  if (Array.isArray(element.children))
    element.children.forEach((child) => markAlignment(child as MammothElement))
  const align = cssAlign(element.alignment)
  if (element.type === 'paragraph' && align && !element.numbering) {
    element.styleName = `jc-${tagOf(element.styleName)}-${align}`
  }
  return element
}

const STYLE_MAP = [
  'u => u',
  ...TAGS.flatMap((tag) =>
    ALIGNS.map((align) => `p[style-name='jc-${tag}-${align}'] => ${tag}.jc-${align}:fresh`),
  ),
]

const ALIGN_CLASS = /\bjc-(left|center|right|justify)\b/

/** mammoth's alignment class becomes a style; an editor's own `style` stays (allowedStyles filters it). */
const alignFromClass =
  (tag: string): sanitizeHtml.Transformer =>
  (tagName, attribs) => {
    const align = ALIGN_CLASS.exec(attribs.class ?? '')?.[1]
    const style = align ? `text-align: ${align}` : attribs.style
    const kept: sanitizeHtml.Attributes = style ? { style } : {}
    return { tagName: tag || tagName, attribs: kept }
  }

/** The template HTML subset (the plan's allow-list); anything else loses its markup and keeps its text. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'br', 'mark'],
    allowedAttributes: { p: ['style'], h1: ['style'], h2: ['style'], h3: ['style'] },
    allowedStyles: { '*': { 'text-align': [/^(left|center|right|justify)$/] } },
    transformTags: {
      p: alignFromClass(''),
      h1: alignFromClass(''),
      h2: alignFromClass(''),
      h3: alignFromClass(''),
      h4: alignFromClass('h3'),
      h5: alignFromClass('h3'),
      h6: alignFromClass('h3'),
    },
  })
}

/** An uploaded template as template HTML, for the preview and the PDF (images and tables reduced to text). */
export async function docxToHtml(buffer: Buffer): Promise<string> {
  checkDocxArchive(buffer)
  let html: string
  try {
    const result = await mammoth.convertToHtml(
      { buffer },
      {
        styleMap: STYLE_MAP,
        transformDocument: markAlignment,
        // Images are left out of the HTML: no multi-megabyte data: URI in a template's text.
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    )
    html = result.value
  } catch {
    throw new ApiError(400, 'invalid_docx', NOT_DOCX_MESSAGE, { file: NOT_DOCX_MESSAGE })
  }
  return sanitizeTemplateHtml(html)
}
