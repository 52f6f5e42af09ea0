import { useQuery } from '@tanstack/react-query'
import { Briefcase, Building2, CalendarDays, ExternalLink, Link2, MapPin, Scale, SearchX } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../lib/paths'
import type { EntityPageResponse } from './entities.schema'
import { dateBR, JobItem, PanelError } from './panel-ui'
import { entityPageQueryOptions, isStatus } from './use-entities'

/** /entidades/:slug — an entity's public page with its open jobs (anonymous visitors welcome). */
export function EntityPage() {
  const { t } = useTranslation('entities')
  const { slug = '' } = useParams()
  const page = useQuery(entityPageQueryOptions(slug))
  const name = page.data?.entity.nome
  useEffect(() => {
    if (name) document.title = t('page.title', { name })
  }, [name, t])

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link
            to={paths.home}
            className="flex items-center gap-2 text-lg font-bold"
            aria-label={t('page.home')}
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Scale aria-hidden className="size-5" />
            </span>
            JusConecta
          </Link>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.jobs}>{t('page.allJobs')}</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-4 py-8 sm:px-6">
        {page.isPending ? (
          <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
            <Spinner label={t('page.loading')} />
            <span aria-hidden>{t('page.loading')}</span>
          </div>
        ) : page.isError ? (
          isStatus(page.error, 404) ? (
            <EmptyState
              icon={<SearchX />}
              title={
                <span role="heading" aria-level={1}>
                  {t('page.notFoundTitle')}
                </span>
              }
              description={t('page.notFoundText')}
              action={
                <Button asChild>
                  <Link to={paths.home}>{t('page.backHome')}</Link>
                </Button>
              }
            />
          ) : (
            <>
              <h1 className="sr-only">{t('page.errorTitle')}</h1>
              <PanelError
                title={t('page.errorTitle')}
                message={page.error.message}
                onRetry={() => void page.refetch()}
              />
            </>
          )
        ) : (
          <EntityDetails data={page.data} />
        )}
      </main>
    </div>
  )
}

function initials(name: string) {
  const parts = name.trim().split(/\s+/)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

function EntityDetails({ data }: { data: EntityPageResponse }) {
  const { t } = useTranslation('entities')
  const { entity, jobs } = data
  const place = entity.cidade && entity.uf ? `${entity.cidade}, ${entity.uf}` : entity.uf
  return (
    <>
      <section aria-labelledby="entity-name" className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar className="size-20 text-xl">
          {entity.avatarUrl && <AvatarImage src={entity.avatarUrl} alt="" />}
          <AvatarFallback>{initials(entity.nome)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 gap-2">
          <h1 id="entity-name" className="text-2xl font-bold break-words sm:text-3xl">
            {entity.nome}
          </h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            {entity.tipoEntidade && (
              <Badge variant="secondary">
                <Building2 aria-hidden />
                {t(`tipos.${entity.tipoEntidade}`)}
              </Badge>
            )}
            {place && (
              <span className="flex items-center gap-1">
                <MapPin aria-hidden className="size-4" />
                {place}
              </span>
            )}
            <span className="flex items-center gap-1">
              <CalendarDays aria-hidden className="size-4" />
              {t('page.memberSince', { date: dateBR(entity.createdAt) })}
            </span>
          </div>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>{t('page.about')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm break-words whitespace-pre-line">{entity.bio || t('page.noBio')}</p>
            </CardContent>
          </Card>
          {(entity.site || entity.linkedinUrl) && (
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>{t('page.links')}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2 text-sm">
                  {entity.site && (
                    <li>
                      <a
                        href={entity.site}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="inline-flex items-center gap-2 break-all text-primary underline-offset-4 hover:underline"
                      >
                        <ExternalLink aria-hidden className="size-4 shrink-0" />
                        {t('page.site')}
                      </a>
                    </li>
                  )}
                  {entity.linkedinUrl && (
                    <li>
                      <a
                        href={entity.linkedinUrl}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
                      >
                        <Link2 aria-hidden className="size-4 shrink-0" />
                        {t('page.linkedin')}
                      </a>
                    </li>
                  )}
                </ul>
              </CardContent>
            </Card>
          )}
        </div>

        <section aria-labelledby="entity-jobs-title" className="grid content-start gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="entity-jobs-title" className="text-xl font-semibold">
              {t('page.openJobs')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('page.openJobsCount', { count: jobs.length })}</p>
          </div>
          {jobs.length === 0 ? (
            <EmptyState
              icon={<Briefcase />}
              title={t('page.noJobs')}
              description={t('page.noJobsText')}
              action={
                <Button asChild variant="outline">
                  <Link to={paths.jobs}>{t('page.allJobs')}</Link>
                </Button>
              }
            />
          ) : (
            <ul className="grid gap-3">
              {jobs.map((job) => (
                <JobItem key={job.id} job={job} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  )
}
