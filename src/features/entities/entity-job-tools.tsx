import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { EntityJobsManager, JobApplicationsDialog, NewJobButton } from '../jobs/jobs.public'

// JOBS's job management inside the entity panel ('Nova Vaga', edit/close/reopen, the applications of a job
// with their status flow), through jobs.public.ts. Their mutations refresh the panel (see entity-panel.tsx).

/** The 'Nova Vaga' button next to the panel's title. */
export function NewJobAction() {
  return <NewJobButton />
}

/** The entity's full job list with edit / close / reopen and each job's applications. */
export function EntityJobTools() {
  return <EntityJobsManager />
}

/** 'Ver candidaturas' of one job: JOBS's dialog, where the entity reads letters, CVs and moves statuses. */
export function ApplicationsButton({ job, count }: { job: { id: string; titulo: string }; count: number }) {
  const { t } = useTranslation('entities')
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('entity.seeApplications', { count })}
      </Button>
      {open && <JobApplicationsDialog job={job} open={open} onOpenChange={setOpen} />}
    </>
  )
}
