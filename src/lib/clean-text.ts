// Text the database can keep as sent. PostgreSQL refuses NUL in a text value (error 22021, which used to
// surface as a 500), the other C0 control characters have no place in a form field, and a lone UTF-16
// surrogate cannot be written as UTF-8 (the driver would silently store U+FFFD instead). Tab, line feed
// and carriage return are ordinary in multi-line text (a textarea); a path or a query value has none.

// Matching control characters is the point of these two expressions.
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/
// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001F]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The pt-BR message of a field that carries a control character or a broken character. */
export const INVALID_CHARACTERS_MESSAGE = 'Contém caracteres inválidos.'

export interface CleanTextOptions {
  /** Whether tab, line feed and carriage return are allowed (multi-line text). */
  lineBreaks: boolean
}

export function isCleanText(value: string, { lineBreaks }: CleanTextOptions): boolean {
  return !(lineBreaks ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value) && !LONE_SURROGATE.test(value)
}

const isPlainObject = (value: object) => {
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/**
 * Where the first string of `value` that is not clean text sits (its path: `['itens', 2, 'nome']`), or
 * null. Walks arrays and plain objects (their keys too, held to one-line text) without recursion, so a
 * deeply nested body cannot exhaust the stack; files and other objects are left alone.
 */
export function findUncleanText(value: unknown, options: CleanTextOptions): (string | number)[] | null {
  interface Step {
    value: unknown
    key?: string | number
    parent?: Step
  }
  const pathOf = (step: Step, key?: string) => {
    const path: (string | number)[] = key === undefined ? [] : [key]
    for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key)
    return path.reverse()
  }
  const pending: Step[] = [{ value }]
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    const current = step.value
    if (typeof current === 'string') {
      if (!isCleanText(current, options)) return pathOf(step)
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index], key: index, parent: step })
      }
    } else if (typeof current === 'object' && current !== null && isPlainObject(current)) {
      for (const [key, child] of Object.entries(current).reverse()) {
        if (!isCleanText(key, { lineBreaks: false })) return pathOf(step, key)
        pending.push({ value: child, key, parent: step })
      }
    }
  }
  return null
}
