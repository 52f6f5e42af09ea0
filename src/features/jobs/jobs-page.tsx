import { useQuery } from '@tanstack/react-query'
import { SearchX } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ListContent } from '../../components/list-page/list-body'
import { PageNav } from '../../components/list-page/page-nav'
import { nextCursorOf, useCursorPages } from '../../components/list-page/use-cursor-pages'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Skeleton } from '../../components/ui/skeleton'
import { UFS } from '../../lib/br/uf'
import { JobCard } from './job-card'
import { JOB_MODALIDADES, JOB_NIVEIS, JOB_TIPOS } from './jobs.constants'
import { selectClass } from './jobs-ui'
import { PublicHeader } from './public-header'
import { EMPTY_FILTERS, jobListQuery, type JobFilters } from './use-jobs'

const FILTER_KEYS = Object.keys(EMPTY_FILTERS) as (keyof JobFilters)[]

function filtersFrom(params: URLSearchParams): JobFilters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as JobFilters
}

/** /vagas: every open job, newest first, with filters in the URL and stable keyset pages. */
export function JobsPage() {
  const { t } = useTranslation('jobs')
  const [params, setParams] = useSearchParams()
  const filters = filtersFrom(params)
  const [draft, setDraft] = useState<JobFilters>(filters)
  const pages = useCursorPages()
  const query = useQuery(jobListQuery(filters, pages.cursor))
  const nextCursor = nextCursorOf(query)
  const resultsRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    document.title = `${t('listTitle')} · JusConecta`
  }, [t])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const next = new URLSearchParams()
    for (const key of FILTER_KEYS) if (draft[key].trim()) next.set(key, draft[key].trim())
    setParams(next)
    pages.reset()
  }

  function clear() {
    setDraft(EMPTY_FILTERS)
    setParams(new URLSearchParams())
    pages.reset()
  }

  function go(move: () => void) {
    move()
    resultsRef.current?.focus()
  }

  const select = (
    key: 'tipo' | 'nivel' | 'modalidade' | 'estado',
    label: string,
    options: readonly string[],
    all: string,
    render?: (v: string) => string,
  ) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`filtro-${key}`}>{label}</Label>
      <select
        id={`filtro-${key}`}
        className={selectClass}
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      >
        <option value="">{all}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {render ? render(value) : value}
          </option>
        ))}
      </select>
    </div>
  )

  const items = query.data?.items ?? []
  return (
    <div className="min-h-screen bg-background text-foreground">
      <PublicHeader />
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('listTitle')}</h1>
          <p className="text-muted-foreground">{t('listIntro')}</p>
        </div>
        <form
          onSubmit={onSubmit}
          aria-label={t('filters.label')}
          className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-6"
        >
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="filtro-q">{t('filters.q')}</Label>
            <Input
              id="filtro-q"
              type="search"
              value={draft.q}
              maxLength={100}
              placeholder={t('filters.qPlaceholder')}
              onChange={(event) => setDraft({ ...draft, q: event.target.value })}
            />
          </div>
          {select('tipo', t('filters.tipo'), JOB_TIPOS, t('filters.all'), (v) => t(`types.${v}`))}
          {select('nivel', t('filters.nivel'), JOB_NIVEIS, t('filters.all'), (v) => t(`levels.${v}`))}
          {select('modalidade', t('filters.modalidade'), JOB_MODALIDADES, t('filters.allFem'), (v) =>
            t(`workModes.${v}`),
          )}
          {select('estado', t('filters.estado'), UFS, t('filters.all'))}
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
            <Button type="submit">{t('filters.apply')}</Button>
            <Button type="button" variant="ghost" onClick={clear}>
              {t('filters.clear')}
            </Button>
          </div>
        </form>

        <section aria-labelledby="vagas-resultados" aria-busy={query.isFetching}>
          <h2 id="vagas-resultados" ref={resultsRef} tabIndex={-1} className="sr-only">
            {t('resultsRegion')} — {t('pageN', { n: pages.pageNumber })}
          </h2>
          <ListContent
            list={query}
            // A failed read shows the error even over the rows of the page shown before.
            count={query.isError ? 0 : items.length}
            skeleton={
              <div className="grid gap-4 md:grid-cols-2" aria-label={t('loading')} role="status">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-56 w-full rounded-xl" />
                ))}
              </div>
            }
            error={(message, retry) => (
              <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-8 text-center">
                <p>{t('error')}</p>
                <p className="text-sm text-muted-foreground">{message}</p>
                <Button variant="outline" onClick={retry}>
                  {t('retry')}
                </Button>
              </div>
            )}
            empty={
              <EmptyState icon={<SearchX aria-hidden />} title={t('empty')} description={t('emptyHint')} />
            }
          >
            <ul className="grid gap-4 md:grid-cols-2">
              {items.map((job) => (
                <li key={job.id} className="flex">
                  <JobCard job={job} />
                </li>
              ))}
            </ul>
          </ListContent>
          <PageNav
            label={t('resultsRegion')}
            previousLabel={t('previous')}
            nextLabel={t('next')}
            pageText={t('pageN', { n: pages.pageNumber })}
            hasPrevious={pages.hasPrevious}
            hasNext={nextCursor !== null}
            onPrevious={() => go(pages.previous)}
            onNext={() => {
              if (nextCursor !== null) go(() => pages.next(nextCursor))
            }}
          />
        </section>
      </main>
    </div>
  )
}
