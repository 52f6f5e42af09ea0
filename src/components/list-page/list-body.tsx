import type { ReactNode } from 'react'
import { ListError, ListSkeleton, LoadMore } from './list-states'

/** What ListBody reads of an infinite query (useListQuery's `list`). */
export interface ListBodyQuery {
  isPending: boolean
  isError: boolean
  error: Error | null
  isFetching: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  refetch: () => Promise<unknown>
  fetchNextPage: () => Promise<unknown>
}

/** What ListContent reads of a query (an infinite one, or one page of a cursor-paged list). */
export type ListStatusQuery = Pick<ListBodyQuery, 'isPending' | 'isError' | 'error' | 'refetch'>

/**
 * The states of a list, whatever its paging (offset pages loaded more and more, or one cursor page at a
 * time): `skeleton` (ListSkeleton by default) while the first page loads, `error(message, retry)` when
 * the read failed with no rows to show, `empty` when there are no rows, else `children` (the rows).
 */
export function ListContent(props: {
  list: ListStatusQuery
  /** Rows there are to show. */
  count: number
  skeleton?: ReactNode
  error: (message: string, retry: () => void) => ReactNode
  empty: ReactNode
  children: ReactNode
}) {
  const { list } = props
  if (list.isPending) return props.skeleton ?? <ListSkeleton />
  if (list.isError && props.count === 0)
    return props.error(list.error?.message ?? '', () => void list.refetch())
  if (props.count === 0) return props.empty
  return props.children
}

/**
 * The body of a list: placeholder rows while the first page loads, the error with a retry when nothing
 * could be shown, `empty` when there are no rows, else the rows (`children`) with 'Mostrando X de Y' and
 * 'Carregar mais'. Texts come translated.
 */
export function ListBody(props: {
  list: ListBodyQuery
  /** Rows read so far. */
  count: number
  errorTitle: string
  retryLabel: string
  empty: ReactNode
  showingText: string
  loadMoreLabel: string
  loadingMoreLabel: string
  children: ReactNode
}) {
  const { list } = props
  return (
    <ListContent
      list={list}
      count={props.count}
      error={(message, retry) => (
        <ListError title={props.errorTitle} message={message} retryLabel={props.retryLabel} onRetry={retry} />
      )}
      empty={props.empty}
    >
      <div className="grid grid-cols-1 gap-3" aria-busy={list.isFetching}>
        {props.children}
        <LoadMore
          showingText={props.showingText}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          loadMoreLabel={props.loadMoreLabel}
          loadingMoreLabel={props.loadingMoreLabel}
        />
      </div>
    </ListContent>
  )
}
