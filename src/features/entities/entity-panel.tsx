import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Briefcase, Eye, ExternalLink, FileUser, Inbox, Sparkles } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import type { EntityPanelResponse } from './entities.schema'
import { ApplicationsButton, EntityJobTools, NewJobAction } from './entity-job-tools'
import {
  ApplicationStatusBadge,
  dateBR,
  entityHref,
  JobItem,
  PanelCard,
  PanelError,
  PanelSkeleton,
  StatTile,
  jobHref,
  useNumber,
} from './panel-ui'
import { entityKeys, entityPanelQueryOptions, isStatus } from './use-entities'

/** Spec §2 + issue 13: the dashboard home of an entidade, from GET /api/entities/panels/entity. */
export function EntityPanel() {
  const { t } = useTranslation('entities')
  const panel = useQuery(entityPanelQueryOptions())
  useRefreshAfterJobChanges()
  return (
    <section aria-labelledby="entity-panel-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="entity-panel-title" className="text-xl font-semibold">
          {t('entity.title')}
        </h2>
        {/* Right-aligned even on its own line (phones): the public page link, which comes with the panel's
            data, then appears to the left of 'Nova Vaga' instead of pushing it away from a click. */}
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          {panel.data?.slug && (
            <Button asChild variant="outline">
              <Link to={entityHref(panel.data.slug)}>
                <ExternalLink aria-hidden />
                {t('entity.publicPage')}
              </Link>
            </Button>
          )}
          <NewJobAction />
        </div>
      </div>
      {panel.isPending ? (
        <PanelSkeleton label={t('panel.loading')} />
      ) : panel.isError ? (
        <PanelError
          title={t('panel.errorTitle')}
          message={isStatus(panel.error, 403) ? t('panel.onlyEntities') : panel.error.message}
          onRetry={isStatus(panel.error, 403) ? undefined : () => void panel.refetch()}
        />
      ) : (
        <EntityPanelBody data={panel.data} />
      )}
    </section>
  )
}

/**
 * JOBS's screens ('Nova Vaga', edit, close, status changes) run their own mutations: whenever one succeeds,
 * the panel's figures are stale, so they are fetched again.
 */
function useRefreshAfterJobChanges() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void queryClient.invalidateQueries({ queryKey: entityKeys.all })
      }),
    [queryClient],
  )
}

function EntityPanelBody({ data }: { data: EntityPanelResponse }) {
  const { t } = useTranslation('entities')
  const number = useNumber()
  const open = data.jobs.filter((job) => job.status === 'aberta')
  return (
    <>
      {!data.slug && (
        <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          {t('entity.privateProfile')}
        </p>
      )}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatTile label={t('entity.openJobs')} value={number(data.stats.openJobs)} icon={<Briefcase />} />
        <StatTile
          label={t('entity.applications')}
          value={number(data.stats.applications)}
          icon={<FileUser />}
        />
        <StatTile
          label={t('entity.newApplications')}
          value={number(data.stats.newApplications)}
          icon={<Sparkles />}
        />
        <StatTile
          label={t('entity.views')}
          value={number(data.stats.views)}
          hint={t('entity.views30d', { count: data.stats.views30d })}
          icon={<Eye />}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <PanelCard id="entity-open-jobs-title" title={t('entity.activeJobs')}>
          {open.length === 0 ? (
            <EmptyState
              icon={<Briefcase />}
              title={t('entity.noJobs')}
              description={t('entity.noJobsText')}
            />
          ) : (
            <ul className="grid gap-3" aria-label={t('entity.activeJobs')}>
              {open.map((job) => (
                <JobItem
                  key={job.id}
                  job={job}
                  extra={
                    <span className="flex w-full flex-wrap gap-x-3 text-sm text-muted-foreground">
                      <span>{t('entity.applicants', { count: job.applications })}</span>
                      {job.newApplications > 0 && (
                        <span>{t('entity.newCount', { count: job.newApplications })}</span>
                      )}
                      <span>{t('entity.viewsCount', { count: job.views })}</span>
                      {job.applications > 0 && (
                        <span className="w-full pt-1">
                          <ApplicationsButton job={job} count={job.applications} />
                        </span>
                      )}
                    </span>
                  }
                />
              ))}
            </ul>
          )}
        </PanelCard>
        <PanelCard id="entity-recent-applications-title" title={t('entity.recentApplications')}>
          {data.recentApplications.length === 0 ? (
            <EmptyState
              icon={<Inbox />}
              title={t('entity.noApplications')}
              description={t('entity.noApplicationsText')}
            />
          ) : (
            <ul className="grid gap-3">
              {data.recentApplications.map((application) => (
                <li key={application.id} className="flex flex-wrap items-start gap-3 rounded-md border p-3">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="font-medium break-words">{application.candidateName}</p>
                    <Link
                      to={jobHref(application.jobId)}
                      className="text-sm break-words text-muted-foreground underline-offset-4 hover:underline"
                    >
                      {application.titulo}
                    </Link>
                    <p className="text-xs text-muted-foreground">{dateBR(application.createdAt)}</p>
                  </div>
                  <ApplicationStatusBadge status={application.status} />
                </li>
              ))}
            </ul>
          )}
        </PanelCard>
      </div>
      <EntityJobTools />
    </>
  )
}
