import { Parser } from 'htmlparser2'

/**
 * The template HTML subset (p, h1–h3, strong/b, em/i, u, ul/ol/li, br, mark and text-align on blocks) reduced to
 * the few shapes both renderers draw, so the PDF and the DOCX of one template say the same thing. Anything outside
 * the subset keeps its text and loses its markup: a template saved before the sanitizer, or mammoth's output of an
 * uploaded .docx (tables, links), still prints every word.
 */

/** The office on paper, at the top of every page (both renderers). */
export interface DocumentLetterhead {
  officeName: string
  cnpj?: string | null | undefined
  oab?: string | null | undefined
  address?: string | null | undefined
  /** PNG or JPEG; anything else is left out rather than failing the document. */
  logo?: Buffer | null | undefined
}

export interface RenderInput {
  /** Template HTML (the subset above), already filled. */
  html: string
  /** The file's title (PDF/DOCX metadata). */
  title: string
  letterhead: DocumentLetterhead
}

/** The CNPJ/OAB line under the office's name. */
export function letterheadIds(letterhead: DocumentLetterhead): string {
  return [
    letterhead.cnpj ? `CNPJ ${letterhead.cnpj}` : null,
    letterhead.oab ? (/^oab/i.test(letterhead.oab) ? letterhead.oab : `OAB ${letterhead.oab}`) : null,
  ]
    .filter((part): part is string => Boolean(part))
    .join('  ·  ')
}

export type BlockAlign = 'left' | 'center' | 'right' | 'justify'

export interface RunStyle {
  bold: boolean
  italic: boolean
  underline: boolean
  /** A merge field with no value in a preview: drawn on a yellow background. */
  mark: boolean
}

/** A piece of text with one style; `text: '\n'` is a line break (`<br>`). */
export interface Run extends RunStyle {
  text: string
}

export interface TextBlock {
  kind: 'paragraph' | 'heading'
  /** 1–3 for headings, 0 for paragraphs. */
  level: 0 | 1 | 2 | 3
  /** null: the renderer's default (headings left, paragraphs justified as in a legal piece). */
  align: BlockAlign | null
  runs: Run[]
}

export interface ListItemBlock {
  kind: 'list-item'
  ordered: boolean
  /** Nesting depth, 0 for an outer list. */
  level: number
  /** 1-based position in its own list (the renderer prints it for ordered lists). */
  number: number
  /** Tells one list from the next, so a second `<ol>` counts from 1 again. */
  listId: number
  runs: Run[]
}

export type Block = TextBlock | ListItemBlock

const ALIGNS: readonly BlockAlign[] = ['left', 'center', 'right', 'justify']
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'template'])
const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr'])
/** Cells sit side by side in the source; on paper their texts are kept apart by a space. */
const SPACED = new Set(['td', 'th'])

function alignOf(style: string | undefined): BlockAlign | null {
  const match = /text-align\s*:\s*([a-z]+)/i.exec(style ?? '')
  const value = match?.[1]?.toLowerCase()
  return ALIGNS.find((align) => align === value) ?? null
}

function headingLevel(tag: string): 0 | 1 | 2 | 3 {
  if (tag === 'h1') return 1
  if (tag === 'h2') return 2
  if (/^h[3-6]$/.test(tag)) return 3
  return 0
}

interface ListFrame {
  ordered: boolean
  listId: number
  count: number
}

/** Parses template HTML into blocks. Whitespace collapses as a browser would; empty paragraphs stay (spacing). */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = []
  const style: Record<keyof RunStyle, number> = { bold: 0, italic: 0, underline: 0, mark: 0 }
  const lists: ListFrame[] = []
  let current: Block | null = null
  // A block opened by loose text (whitespace between tags, text outside any block) vanishes if it stays empty;
  // an explicit `<p></p>` is a blank line the author wanted.
  let implicit = false
  let skipping = 0
  let nextListId = 0

  const styleNow = (): RunStyle => ({
    bold: style.bold > 0,
    italic: style.italic > 0,
    underline: style.underline > 0,
    mark: style.mark > 0,
  })

  const close = () => {
    if (current) {
      const block = finishRuns(current)
      if (block.runs.length > 0 || (!implicit && block.kind !== 'list-item')) blocks.push(block)
    }
    current = null
  }

  const open = (block: Block) => {
    close()
    current = block
    implicit = false
  }

  const listItem = (): ListItemBlock | null => {
    const list = lists.at(-1)
    if (!list) return null
    return {
      kind: 'list-item',
      ordered: list.ordered,
      level: lists.length - 1,
      number: list.count,
      listId: list.listId,
      runs: [],
    }
  }

  const append = (text: string) => {
    if (!current) {
      current = listItem() ?? { kind: 'paragraph', level: 0, align: null, runs: [] }
      implicit = true
    }
    const runs = current.runs
    const last = runs.at(-1)
    const runStyle = styleNow()
    if (last && last.text !== '\n' && text !== '\n' && sameStyle(last, runStyle)) last.text += text
    else runs.push({ ...runStyle, text })
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (SKIPPED.has(name)) skipping++
        if (skipping > 0) return
        if (name === 'strong' || name === 'b') style.bold++
        else if (name === 'em' || name === 'i') style.italic++
        else if (name === 'u') style.underline++
        else if (name === 'mark') style.mark++
        else if (name === 'br') append('\n')
        else if (name === 'ul' || name === 'ol') {
          close()
          lists.push({ ordered: name === 'ol', listId: nextListId++, count: 0 })
        } else if (name === 'li') {
          const list = lists.at(-1)
          if (list) list.count++
          open(listItem() ?? { kind: 'paragraph', level: 0, align: null, runs: [] })
        } else if (BLOCKS.has(name)) {
          // A paragraph inside a list item (the editor writes <li><p>…</p></li>) continues the item.
          if (current?.kind === 'list-item' && name === 'p') {
            if (current.runs.length > 0) append('\n')
            return
          }
          const level = headingLevel(name)
          open({
            kind: level > 0 ? 'heading' : 'paragraph',
            level,
            align: alignOf(attributes.style),
            runs: [],
          })
        } else if (SPACED.has(name)) append(' ')
      },
      ontext(text) {
        if (skipping === 0) append(text)
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) {
          skipping = Math.max(0, skipping - 1)
          return
        }
        if (skipping > 0) return
        if (name === 'strong' || name === 'b') style.bold = Math.max(0, style.bold - 1)
        else if (name === 'em' || name === 'i') style.italic = Math.max(0, style.italic - 1)
        else if (name === 'u') style.underline = Math.max(0, style.underline - 1)
        else if (name === 'mark') style.mark = Math.max(0, style.mark - 1)
        else if (name === 'ul' || name === 'ol') {
          close()
          lists.pop()
        } else if (name === 'li') close()
        else if (BLOCKS.has(name) && !(name === 'p' && current?.kind === 'list-item')) close()
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  )
  parser.write(html)
  parser.end()
  close()
  return blocks
}

function sameStyle(a: RunStyle, b: RunStyle): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.mark === b.mark
}

/** Collapses whitespace as HTML does and trims it at the block's edges and around line breaks. */
function finishRuns<T extends Block>(block: T): T {
  const runs: Run[] = []
  let lastWasSpace = true
  for (const run of block.runs) {
    if (run.text === '\n') {
      trimEnd(runs)
      runs.push(run)
      lastWasSpace = true
      continue
    }
    // HTML collapses ASCII whitespace only: &nbsp; (U+00A0) stays, and keeps R$ 1.500,00 on one line.
    let text = run.text.replace(/[ \t\n\f\r]+/g, ' ')
    if (lastWasSpace) text = text.replace(/^ /, '')
    if (text === '') continue
    lastWasSpace = text.endsWith(' ')
    runs.push({ ...run, text })
  }
  trimEnd(runs)
  while (runs.at(-1)?.text === '\n') runs.pop()
  return { ...block, runs }
}

function trimEnd(runs: Run[]): void {
  const last = runs.at(-1)
  if (!last || last.text === '\n') return
  last.text = last.text.replace(/ $/, '')
  if (last.text === '') runs.pop()
}

/** The plain text of a run list (tests, and the renderers' empty checks). */
export function runsText(runs: readonly Run[]): string {
  return runs.map((run) => run.text).join('')
}
