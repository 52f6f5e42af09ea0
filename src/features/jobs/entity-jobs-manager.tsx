import { useQuery } from '@tanstack/react-query'
import { BriefcaseBusiness, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Badge } from '../../components/ui/badge'
import { Button, buttonVariants } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Spinner } from '../../components/ui/spinner'
import { JobApplicationsDialog } from './job-applications-dialog'
import { JobFormDialog } from './job-form-dialog'
import { jobLocation } from './jobs-format'
import { jobPath } from './jobs.paths'
import type { EntityJob } from './jobs.schema'
import { myJobsQuery, useSetJobStatus } from './use-jobs'

/** 'Nova Vaga': the button and its dialog (a fresh form each time it opens). */
export function NewJobButton({ className }: { className?: string }) {
  const { t } = useTranslation('jobs')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button className={className} onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        {t('manager.newJob')}
      </Button>
      {open && <JobFormDialog job={null} open={open} onOpenChange={setOpen} />}
    </>
  )
}

/**
 * The entity's jobs on its dashboard: counts, edit, close/reopen, applications. The panel places
 * NewJobButton by its own title; `withNewButton` adds one to this section's header instead.
 */
export function EntityJobsManager({ withNewButton = false }: { withNewButton?: boolean }) {
  const { t } = useTranslation('jobs')
  const query = useQuery(myJobsQuery)
  return (
    <section aria-labelledby="minhas-vagas" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="minhas-vagas" className="text-lg font-semibold">
            {t('manager.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('manager.description')}</p>
        </div>
        {withNewButton && <NewJobButton />}
      </div>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> {t('manager.loading')}
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          {t('manager.error')} {query.error.message}
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={<BriefcaseBusiness aria-hidden />}
          title={t('manager.empty')}
          description={t('manager.emptyHint')}
        />
      ) : (
        <ul className="grid gap-3">
          {query.data.items.map((job) => (
            <EntityJobItem key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  )
}

function EntityJobItem({ job }: { job: EntityJob }) {
  const { t } = useTranslation('jobs')
  const [editing, setEditing] = useState(false)
  const [viewingApplications, setViewingApplications] = useState(false)
  const setStatus = useSetJobStatus()
  const closed = job.status === 'encerrada'

  async function toggle() {
    const status = closed || job.expired ? 'aberta' : 'encerrada'
    try {
      await setStatus.mutateAsync({ id: job.id, status })
      toast.success(status === 'aberta' ? t('manager.reopenedToast') : t('manager.closedToast'))
    } catch (error) {
      toast.error((error as Error).message)
    }
  }

  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="minha-vaga">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{job.titulo}</h3>
        {closed ? (
          <Badge variant="secondary">{t('manager.closed')}</Badge>
        ) : job.expired ? (
          <Badge variant="warning">{t('manager.expired')}</Badge>
        ) : (
          <Badge variant="success">{t('manager.open')}</Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        {t(`types.${job.tipo}`)} · {t(`levels.${job.nivel}`)} · {jobLocation(job, t('remote'))} ·{' '}
        {t('manager.applications', { count: job.applications })} · {t('manager.views', { count: job.views })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setViewingApplications(true)}>
          {t('manager.seeApplications')} ({job.applications})
        </Button>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {t('manager.edit')}
        </Button>
        <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => void toggle()}>
          {closed || job.expired ? t('manager.reopen') : t('manager.close')}
        </Button>
        <Link to={jobPath(job.id)} className={buttonVariants({ size: 'sm', variant: 'ghost' })}>
          {t('manager.view')}
        </Link>
      </div>
      {editing && <JobFormDialog job={job} open={editing} onOpenChange={setEditing} />}
      <JobApplicationsDialog job={job} open={viewingApplications} onOpenChange={setViewingApplications} />
    </li>
  )
}
