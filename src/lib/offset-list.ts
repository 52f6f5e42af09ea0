import type { InfiniteData } from '@tanstack/react-query'

// Helpers for the office lists read page by page with ?limit=&offset= (clients, cases).

/** One page as the list endpoints return it. */
export interface OffsetPage<T> {
  items: T[]
  /** Exact up to 10 000; beyond that 10 000 with totalCapped = true. */
  total: number
  totalCapped?: boolean
}

/** The filters every list page has: a search box and a status select whose 'todos' means no filter. */
export interface SearchStatusFilters {
  search: string
  status: string
}

/** Query string of the list/export filters; empty values are left out. */
export function searchStatusParams(filters: SearchStatusFilters): URLSearchParams {
  const params = new URLSearchParams()
  const search = filters.search.trim()
  if (search) params.set('search', search)
  if (filters.status !== 'todos') params.set('status', filters.status)
  return params
}

/**
 * The same filters as a query object for the typed client (`api.x.$get({ query })`): empty values are
 * left out, so the URL is the one `searchStatusParams` builds.
 */
export function searchStatusQuery<S extends string>(filters: {
  search: string
  status: S
}): { search?: string; status?: Exclude<S, 'todos'> } {
  const search = filters.search.trim()
  return {
    ...(search ? { search } : {}),
    ...(filters.status !== 'todos' ? { status: filters.status as Exclude<S, 'todos'> } : {}),
  }
}

/** The ?limit=&offset= of one page, as strings for the typed client's query. */
export function pageQuery(pageSize: number, offset: number): { limit: string; offset: string } {
  return { limit: String(pageSize), offset: String(offset) }
}

/** getNextPageParam for infiniteQueryOptions over `pageSize`-row pages. */
export function nextOffset(pageSize: number) {
  // Offsets follow the pages asked for, not the rows held, so an optimistic removal doesn't shift them.
  return (lastPage: OffsetPage<unknown>, allPages: readonly unknown[]): number | undefined => {
    const next = allPages.length * pageSize
    // A capped total (10 000+) is a floor, not the end: keep going while pages come back full.
    if (lastPage.totalCapped) return lastPage.items.length < pageSize ? undefined : next
    return next < lastPage.total ? next : undefined
  }
}

/** The cached pages without the row `id` (and the total one less); the same object when it isn't there. */
export function withoutItem<P extends OffsetPage<{ id: string }>>(
  data: InfiniteData<P, number> | undefined,
  id: string,
): InfiniteData<P, number> | undefined {
  if (!data) return data
  const found = data.pages.some((page) => page.items.some((item) => item.id === id))
  if (!found) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== id),
      total: Math.max(0, page.total - 1),
    })),
  }
}

const countFormat = new Intl.NumberFormat('pt-BR')

/** '1.234' or, for a capped count, '10.000+'. */
export function formatTotal(page: OffsetPage<unknown> | undefined): string {
  return page ? `${countFormat.format(page.total)}${page.totalCapped ? '+' : ''}` : '0'
}
