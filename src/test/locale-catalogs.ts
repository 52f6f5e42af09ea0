import { expect } from 'vitest'

/** A locale catalog (src/locales/<lang>/<ns>.json): texts, nested by key. */
export type Tree = { [key: string]: string | Tree }

/** Every leaf key with the {{placeholders}} its text uses, sorted. */
export function leaves(tree: Tree, prefix = ''): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string')
      found.set(path, [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort())
    else for (const [k, v] of leaves(value, path)) found.set(k, v)
  }
  return found
}

/** A translation has exactly the reference's keys (pt-BR's), each with the same placeholders. */
export function expectSameKeys(translation: unknown, reference: unknown) {
  const translated = leaves(translation as Tree)
  const expected = leaves(reference as Tree)
  expect([...translated.keys()].sort()).toEqual([...expected.keys()].sort())
  for (const [key, vars] of expected) expect(translated.get(key), key).toEqual(vars)
}
