import { useQuery } from '@tanstack/react-query'
import { Bookmark, BookmarkCheck, Briefcase, CalendarClock, Clock, MapPin, Wallet } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { toast } from 'sonner'
import { Badge } from '../../components/ui/badge'
import { Button, buttonVariants } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { ApplyDialog } from './apply-dialog'
import { Fact } from './job-card'
import { jobReportSlot } from './job-slots'
import { APPLICATION_STATUS_LABELS } from './jobs.constants'
import { jobLocation, postedAgo } from './jobs-format'
import type { JobDetail } from './jobs.schema'
import { PublicHeader } from './public-header'
import { countJobView, jobDetailQuery, useSaveJob } from './use-jobs'

/** /vagas/:id: one open job (a closed or unknown one is the pt-BR not-found page). */
export function JobPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('jobs')
  const query = useQuery(jobDetailQuery(id))

  useEffect(() => {
    if (query.data) document.title = `${query.data.titulo} · ${query.data.empresa} · JusConecta`
  }, [query.data])
  useEffect(() => {
    if (id) countJobView(id)
  }, [id])

  if (query.isPending)
    return (
      <Shell>
        <div role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> {t('detail.loading')}
        </div>
      </Shell>
    )
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <JobNotFound />
    return (
      <Shell>
        <div role="alert" className="grid justify-items-start gap-3">
          <p>{query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </Shell>
    )
  }
  return (
    <Shell>
      <JobView job={query.data} />
    </Shell>
  )
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <PublicHeader />
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">{children}</main>
    </div>
  )
}

function JobNotFound() {
  const { t } = useTranslation('jobs')
  useEffect(() => {
    document.title = `${t('notFound.title')} · JusConecta`
  }, [t])
  return (
    <Shell>
      <div className="grid justify-items-center gap-4 py-16 text-center">
        <p className="text-4xl font-bold">404</p>
        <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
        <p className="text-muted-foreground">{t('notFound.message')}</p>
        <Link to={paths.jobs} className={buttonVariants({ variant: 'outline' })}>
          {t('notFound.back')}
        </Link>
      </div>
    </Shell>
  )
}

function JobView({ job }: { job: JobDetail }) {
  const { t, i18n } = useTranslation('jobs')
  const [applying, setApplying] = useState(false)
  const save = useSaveJob()
  const viewer = job.viewer

  async function toggleSaved() {
    const saved = !viewer?.saved
    try {
      await save.mutateAsync({ id: job.id, saved })
      toast.success(saved ? t('detail.savedToast') : t('detail.unsavedToast'))
    } catch (error) {
      toast.error((error as Error).message)
    }
  }

  return (
    <article aria-labelledby="vaga-titulo" className="grid gap-6">
      <Link to={paths.jobs} className="text-sm text-primary underline-offset-4 hover:underline">
        ← {t('backToList')}
      </Link>
      {!job.open && (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/20 p-3 text-sm">
          {t('detail.closedOwner')}
        </p>
      )}
      <header className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <Badge>{t(`types.${job.tipo}`)}</Badge>
          <Badge variant="secondary">{t(`levels.${job.nivel}`)}</Badge>
          <Badge variant="outline">{t(`workModes.${job.modalidade}`)}</Badge>
        </div>
        <h1 id="vaga-titulo" className="text-2xl font-bold sm:text-3xl">
          {job.titulo}
        </h1>
        <p className="text-sm text-muted-foreground">
          {t('detail.publishedBy')}{' '}
          {job.entity.slug ? (
            <Link
              to={paths.entity.replace(':slug', encodeURIComponent(job.entity.slug))}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {job.entity.nome}
            </Link>
          ) : (
            <span className="font-medium text-foreground">{job.entity.nome}</span>
          )}
        </p>
        <dl className="grid gap-1.5 text-sm text-muted-foreground sm:grid-cols-2">
          <Fact
            icon={<Briefcase aria-hidden className="size-4" />}
            label={t('fields.company')}
            value={job.empresa}
          />
          <Fact
            icon={<MapPin aria-hidden className="size-4" />}
            label={t('fields.location')}
            value={jobLocation(job, t('remote'))}
          />
          <Fact
            icon={<Wallet aria-hidden className="size-4" />}
            label={t('fields.salary')}
            value={job.salario || t('salaryNotInformed')}
          />
          <Fact
            icon={<Clock aria-hidden className="size-4" />}
            label={t('fields.posted')}
            value={postedAgo(job.createdAt, i18n.language)}
          />
          {job.encerraEm && (
            <Fact
              icon={<CalendarClock aria-hidden className="size-4" />}
              label={t('fields.closes')}
              value={`${t('fields.closes')} ${formatDateBR(job.encerraEm)}`}
            />
          )}
        </dl>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        {viewer?.application ? (
          <p role="status" className="rounded-md border px-3 py-2 text-sm font-medium">
            {t('detail.applied', {
              status: t(
                `statuses.${viewer.application.status}`,
                APPLICATION_STATUS_LABELS[viewer.application.status],
              ),
            })}
          </p>
        ) : viewer?.canApply ? (
          <Button onClick={() => setApplying(true)}>{t('detail.apply')}</Button>
        ) : !viewer ? (
          <Link to={paths.auth} className={buttonVariants()}>
            {t('detail.signInToApply')}
          </Link>
        ) : !viewer.isOwner ? (
          <p className="text-sm text-muted-foreground">{t('detail.onlyCandidates')}</p>
        ) : null}
        {viewer && !viewer.isOwner && (
          <Button
            variant="outline"
            onClick={() => void toggleSaved()}
            disabled={save.isPending}
            aria-pressed={viewer.saved}
          >
            {viewer.saved ? <BookmarkCheck aria-hidden /> : <Bookmark aria-hidden />}
            {viewer.saved ? t('detail.saved') : t('detail.save')}
          </Button>
        )}
        <jobReportSlot.Slot jobId={job.id} />
      </div>

      <section aria-labelledby="vaga-descricao" className="grid gap-2">
        <h2 id="vaga-descricao" className="text-lg font-semibold">
          {t('detail.description')}
        </h2>
        <p className="text-sm whitespace-pre-line">{job.descricao}</p>
      </section>
      {job.requisitos && (
        <section aria-labelledby="vaga-requisitos" className="grid gap-2">
          <h2 id="vaga-requisitos" className="text-lg font-semibold">
            {t('detail.requirements')}
          </h2>
          <p className="text-sm whitespace-pre-line">{job.requisitos}</p>
        </section>
      )}
      {viewer?.canApply && (
        <ApplyDialog jobId={job.id} jobTitle={job.titulo} open={applying} onOpenChange={setApplying} />
      )}
    </article>
  )
}
