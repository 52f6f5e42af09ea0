import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { jobLocation } from './jobs-format'
import { jobPath } from './jobs.paths'
import { savedJobsQuery, useSaveJob } from './use-jobs'

/** The user's saved jobs, each removable (student panel). */
export function SavedJobsList({ limit }: { limit?: number }) {
  const { t } = useTranslation('jobs')
  const query = useQuery(savedJobsQuery)
  const save = useSaveJob()
  const items = (query.data?.items ?? []).slice(0, limit)

  async function remove(id: string) {
    try {
      await save.mutateAsync({ id, saved: false })
      toast.success(t('detail.unsavedToast'))
    } catch (error) {
      toast.error((error as Error).message)
    }
  }

  return (
    <section aria-labelledby="vagas-salvas" className="grid gap-3">
      <h2 id="vagas-salvas" className="text-lg font-semibold">
        {t('savedList.title')}
      </h2>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('savedList.loading')}
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('savedList.error')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('savedList.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((job) => (
            <li
              key={job.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
            >
              <div>
                {job.open ? (
                  <Link to={jobPath(job.id)} className="font-medium underline-offset-4 hover:underline">
                    {job.titulo}
                  </Link>
                ) : (
                  <span className="font-medium">{job.titulo}</span>
                )}
                <p className="text-xs text-muted-foreground">
                  {job.empresa} · {jobLocation(job, t('remote'))}
                  {!job.open && ` · ${t('savedList.closedJob')}`}
                </p>
              </div>
              <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => void remove(job.id)}>
                {t('savedList.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
