import { Briefcase, Clock, MapPin, Wallet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { buttonVariants } from '../../components/ui/button'
import { jobLocation, postedAgo } from './jobs-format'
import { jobPath } from './jobs.paths'
import type { JobCard as JobCardData } from './jobs.schema'

/** A job in the /vagas list: badges, the facts, an excerpt and 'Ver Vaga'. */
export function JobCard({ job }: { job: JobCardData }) {
  const { t, i18n } = useTranslation('jobs')
  const titleId = `vaga-${job.id}`
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full w-full flex-col rounded-xl border bg-card p-5 shadow-sm"
    >
      <div className="flex flex-wrap gap-2">
        <Badge>{t(`types.${job.tipo}`)}</Badge>
        <Badge variant="secondary">{t(`levels.${job.nivel}`)}</Badge>
        <Badge variant="outline">{t(`workModes.${job.modalidade}`)}</Badge>
      </div>
      <h2 id={titleId} className="mt-3 text-lg font-semibold">
        {job.titulo}
      </h2>
      <dl className="mt-2 grid gap-1 text-sm text-muted-foreground">
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
      </dl>
      <p className="mt-3 line-clamp-3 text-sm">{job.descricao}</p>
      <div className="mt-auto pt-4">
        <Link
          to={jobPath(job.id)}
          className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto' })}
          aria-label={t('viewJobTitled', { title: job.titulo })}
        >
          {t('viewJob')}
        </Link>
      </div>
    </article>
  )
}

export function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  )
}
