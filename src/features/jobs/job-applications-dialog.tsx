import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Label } from '../../components/ui/label'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR } from '../../lib/br/dates'
import { APPLICATION_STATUSES, type ApplicationStatus } from './jobs.constants'
import type { EntityApplication } from './jobs.schema'
import { selectClass } from './jobs-ui'
import { jobApplicationsQuery, useMoveApplication } from './use-jobs'

/** The applications of one job, for its entity: letter, CV download and the status select. */
export function JobApplicationsDialog({
  job,
  open,
  onOpenChange,
}: {
  job: { id: string; titulo: string }
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('jobs')
  const query = useQuery({ ...jobApplicationsQuery(job.id), enabled: open })
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('applications.title', { title: job.titulo })}</DialogTitle>
          <DialogDescription>{t('applications.description')}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t('applications.loading')}
          </p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('applications.error')} {query.error.message}
          </p>
        ) : query.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('applications.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {query.data.items.map((application) => (
              <ApplicationItem key={application.id} application={application} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}

function ApplicationItem({ application }: { application: EntityApplication }) {
  const { t } = useTranslation('jobs')
  const move = useMoveApplication()
  const selectId = `candidatura-status-${application.id}`

  async function onChange(status: ApplicationStatus) {
    try {
      await move.mutateAsync({ id: application.id, status })
      toast.success(t('applications.updatedToast', { status: t(`statuses.${status}`) }))
    } catch (error) {
      toast.error((error as Error).message)
    }
  }

  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="candidatura">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{application.candidate.nome}</p>
          <p className="text-xs text-muted-foreground">
            {t(
              `applications.candidateTypes.${application.candidate.userType}`,
              application.candidate.userType,
            )}{' '}
            · {t('applications.appliedOn', { date: formatDateBR(application.createdAt.slice(0, 10)) })}
          </p>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={selectId}>{t('applications.status')}</Label>
          <select
            id={selectId}
            className={`${selectClass} w-44`}
            value={application.status}
            disabled={move.isPending}
            onChange={(event) => void onChange(event.target.value as ApplicationStatus)}
          >
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm whitespace-pre-line">{application.carta || t('applications.noLetter')}</p>
      <a
        href={`/api/jobs/applications/${application.id}/cv`}
        className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        download
      >
        <Download aria-hidden className="size-4" />
        {t('applications.downloadCv')} ({application.cvNome})
      </a>
    </li>
  )
}
