import { useEffect, useRef, useState } from 'react'
import type { LawyerCardDto, LawyerSearchPage } from '../directory/directory.public'
import { fetchLawyerPage } from './landing-api'
import { LawyerCard } from './lawyer-card'
import { buttonClass } from './landing-ui'
import { format, useLandingText } from './use-landing-text'

/** The filters 'Filtrar' applied (the form's state is only sent on submit). */
export interface LawyerFilters {
  q: string
  uf: string
  cidadeId: string
  especialidade: string
}

type Status = 'loading' | 'ready' | 'error'

const fetchPage = (filters: LawyerFilters, cursor: string | null): Promise<LawyerSearchPage> =>
  fetchLawyerPage(filters, cursor)

/**
 * The real results of the landing's lawyer search (issue 13). Its own chunk: lawyer-search.tsx loads it
 * after the first paint, so the landing's initial JavaScript stays within budget (decision 004).
 */
export function LawyerResults({ filters, headingId }: { filters: LawyerFilters; headingId: string }) {
  const text = useLandingText()
  const t = text.search
  const [items, setItems] = useState<LawyerCardDto[]>([])
  const [cursor, setCursor] = useState<string | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [loadingMore, setLoadingMore] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const request = useRef(0)

  useEffect(() => {
    const id = ++request.current
    setStatus('loading')
    setItems([])
    setCursor(null)
    fetchPage(filters, null).then(
      (page) => {
        if (id !== request.current) return
        setItems(page.items)
        setCursor(page.nextCursor)
        setStatus('ready')
      },
      () => id === request.current && setStatus('error'),
    )
  }, [filters, attempt])

  const loadMore = () => {
    if (!cursor || loadingMore) return
    const id = request.current
    setLoadingMore(true)
    fetchPage(filters, cursor).then(
      (page) => {
        if (id !== request.current) return
        setItems((current) => [...current, ...page.items])
        setCursor(page.nextCursor)
        setLoadingMore(false)
      },
      () => {
        if (id !== request.current) return
        setLoadingMore(false)
        setStatus('error')
      },
    )
  }

  return (
    <div aria-busy={status === 'loading' || loadingMore}>
      <p className="mb-6 text-sm text-muted-foreground" role="status" aria-describedby={headingId}>
        {status === 'loading'
          ? t.searching
          : status === 'ready'
            ? format(t.showing, { count: items.length })
            : ''}
      </p>
      {status === 'error' ? (
        <div
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center"
        >
          <p className="font-medium">{t.error}</p>
          <button
            type="button"
            className={`${buttonClass.outline} mt-4`}
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t.retry}
          </button>
        </div>
      ) : status === 'ready' && items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-8 text-center">
          <p className="font-medium">{t.empty}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t.emptyHint}</p>
        </div>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {status === 'loading'
            ? [0, 1, 2, 3].map((n) => (
                <li
                  key={n}
                  aria-hidden
                  className="h-56 animate-pulse rounded-xl border border-border bg-muted/40"
                />
              ))
            : items.map((lawyer) => (
                <li key={lawyer.id} className="flex">
                  <LawyerCard lawyer={lawyer} />
                </li>
              ))}
        </ul>
      )}
      {status === 'ready' && items.length > 0 && (
        <div className="mt-10 flex flex-col items-center gap-2 text-center">
          <button
            type="button"
            onClick={loadMore}
            disabled={!cursor || loadingMore}
            className={`${buttonClass.outline} ${buttonClass.large}`}
          >
            {loadingMore ? t.loadingMore : t.loadMore}
          </button>
          {!cursor && <p className="text-sm text-muted-foreground">{t.end}</p>}
        </div>
      )}
    </div>
  )
}
