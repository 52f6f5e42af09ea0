import { useEffect, useMemo } from 'react'
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query'
import { toast } from 'sonner'
import { formatTotal, nextOffset, pageQuery, type OffsetPage } from '../../lib/offset-list'

/**
 * The query options of a list read `pageSize` rows at a time (?limit=&offset=, the office lists' API):
 * `read(page, signal)` asks for one page. While new filters' first page loads, the current rows stay on
 * screen instead of the skeleton flashing at each keystroke.
 */
export function offsetListQueryOptions<TPage extends OffsetPage<unknown>, TKey extends QueryKey>(options: {
  queryKey: TKey
  pageSize: number
  read: (page: { limit: string; offset: string }, signal: AbortSignal) => Promise<TPage>
}) {
  const { queryKey, pageSize, read } = options
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageQuery(pageSize, pageParam), signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset(pageSize),
    placeholderData: keepPreviousData,
  })
}

/**
 * A list read page by page (`infiniteQueryOptions` of a `getXQueryOptions(filters)` factory): the query,
 * the rows of every page read so far, the total as shown ('1.234' or '10.000+'), and, when
 * `loadErrorTitle` is given, a toast with the server's message each time loading fails.
 */
export function useListQuery<
  TPage extends OffsetPage<unknown>,
  TData extends InfiniteData<TPage, unknown>,
  TKey extends QueryKey,
  TPageParam,
>(options: UseInfiniteQueryOptions<TPage, Error, TData, TKey, TPageParam>, loadErrorTitle?: string) {
  const list = useInfiniteQuery(options)
  const items = useMemo(
    () => (list.data?.pages.flatMap((page) => page.items) ?? []) as TPage['items'],
    [list.data],
  )
  const lastPage = list.data?.pages.at(-1)
  const total = formatTotal(lastPage)

  useEffect(() => {
    if (list.isError && loadErrorTitle !== undefined) {
      toast.error(loadErrorTitle, { description: list.error.message })
    }
  }, [list.isError, list.error, loadErrorTitle])

  return { list, items, total, lastPage }
}
