import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import type { ApplicationStatus } from './jobs.constants'
import { jobPath } from './jobs.paths'
import { myApplicationsQuery } from './use-jobs'

const VARIANT: Record<ApplicationStatus, 'secondary' | 'outline' | 'success' | 'warning' | 'destructive'> = {
  recebida: 'secondary',
  em_analise: 'outline',
  entrevista: 'warning',
  aprovada: 'success',
  recusada: 'destructive',
}

/** 'Minhas candidaturas': the candidate's applications with their current status (student panel). */
export function MyApplications({ limit }: { limit?: number }) {
  const { t } = useTranslation('jobs')
  const query = useQuery(myApplicationsQuery)
  const items = (query.data?.items ?? []).slice(0, limit)
  return (
    <section aria-labelledby="minhas-candidaturas" className="grid gap-3">
      <h2 id="minhas-candidaturas" className="text-lg font-semibold">
        {t('mine.title')}
      </h2>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('mine.loading')}
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('mine.error')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('mine.empty')}{' '}
          <Link to={paths.jobs} className="text-primary underline-offset-4 hover:underline">
            {t('mine.browse')}
          </Link>
        </p>
      ) : (
        <ul className="grid gap-2">
          {items.map((application) => (
            <li
              key={application.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
              data-testid="minha-candidatura"
            >
              <div>
                {application.job.open ? (
                  <Link
                    to={jobPath(application.job.id)}
                    className="font-medium underline-offset-4 hover:underline"
                  >
                    {application.job.titulo}
                  </Link>
                ) : (
                  <span className="font-medium">{application.job.titulo}</span>
                )}
                <p className="text-xs text-muted-foreground">
                  {application.job.empresa}
                  {!application.job.open && ` · ${t('mine.closedJob')}`} ·{' '}
                  {t('mine.updatedOn', { date: formatDateBR(application.updatedAt.slice(0, 10)) })}
                </p>
              </div>
              <Badge variant={VARIANT[application.status]}>{t(`statuses.${application.status}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
