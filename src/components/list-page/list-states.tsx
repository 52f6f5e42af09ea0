import { RefreshCw } from 'lucide-react'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { Skeleton } from '../ui/skeleton'

/** Placeholder rows while a list's first page loads. */
export function ListSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  )
}

/** A list that failed with nothing to show: the server's message and a retry. */
export function ListError(props: {
  title: string
  message: string
  retryLabel: string
  onRetry: () => void
}) {
  return (
    <EmptyState
      icon={<RefreshCw />}
      title={props.title}
      description={props.message}
      action={
        <Button variant="outline" onClick={props.onRetry}>
          {props.retryLabel}
        </Button>
      }
    />
  )
}

/** 'Mostrando X de Y' (announced as it changes) and the button that reads the next page. */
export function LoadMore(props: {
  showingText: string
  hasNextPage: boolean
  isFetchingNextPage: boolean
  onLoadMore: () => void
  loadMoreLabel: string
  loadingMoreLabel: string
}) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {props.showingText}
      </p>
      {props.hasNextPage && (
        <Button variant="outline" onClick={props.onLoadMore} disabled={props.isFetchingNextPage}>
          {props.isFetchingNextPage ? props.loadingMoreLabel : props.loadMoreLabel}
        </Button>
      )}
    </div>
  )
}
