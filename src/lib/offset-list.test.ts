import { describe, expect, it } from 'vitest'
import { formatTotal, nextOffset, searchStatusParams, withoutItem } from './offset-list'

const page = (ids: string[], total: number, totalCapped?: boolean) => ({
  items: ids.map((id) => ({ id })),
  total,
  totalCapped,
})

describe('offset lists', () => {
  it('asks for the next offset until the total, or while capped pages come back full', () => {
    const next = nextOffset(2)
    expect(next(page(['a', 'b'], 5), [{}, {}])).toBe(4)
    expect(next(page(['e'], 5), [{}, {}, {}])).toBeUndefined()
    expect(next(page(['a', 'b'], 2, true), [{}, {}])).toBe(4)
    expect(next(page(['a'], 2, true), [{}])).toBeUndefined()
  })

  it('removes one row from the cached pages and keeps the rest of each page', () => {
    const data = { pages: [page(['a', 'b'], 3, true), page(['c'], 3, true)], pageParams: [0, 2] }
    expect(withoutItem(data, 'x')).toBe(data)
    expect(withoutItem(data, 'b')).toEqual({
      pages: [page(['a'], 2, true), page(['c'], 2, true)],
      pageParams: [0, 2],
    })
  })

  it("leaves empty search and 'todos' out of the query string; shows a capped total with '+'", () => {
    expect(String(searchStatusParams({ search: '  ana ', status: 'todos' }))).toBe('search=ana')
    expect(String(searchStatusParams({ search: '', status: 'ativo' }))).toBe('status=ativo')
    expect(formatTotal(page([], 10000, true))).toBe('10.000+')
    expect(formatTotal(undefined)).toBe('0')
  })
})
