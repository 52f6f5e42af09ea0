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
  if (list.isPending) return <ListSkeleton />
  if (list.isError && props.count === 0) {
    return (
      <ListError
        title={props.errorTitle}
        message={list.error?.message ?? ''}
        retryLabel={props.retryLabel}
        onRetry={() => void list.refetch()}
      />
    )
  }
  if (props.count === 0) return props.empty
  return (
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
  )
}
