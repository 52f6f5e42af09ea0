import { useQuery } from '@tanstack/react-query'
import { Bookmark, Gauge, Send, Sparkles, UserPen, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { generatePath, Link } from 'react-router'
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import type { ConnectionSummary, StudentPanelResponse } from './entities.schema'
import {
  ApplicationStatusBadge,
  dateBR,
  JobItem,
  PanelCard,
  PanelError,
  PanelSkeleton,
  StatTile,
  entityHref,
  jobHref,
  useNumber,
} from './panel-ui'
import { studentCompleteness } from './student-completeness'
import { isStatus, studentPanelQueryOptions } from './use-entities'

/** Spec §2 + issue 13: the dashboard home of an estudante, from GET /api/entities/panels/student. */
export function StudentPanel() {
  const { t } = useTranslation('entities')
  const panel = useQuery(studentPanelQueryOptions())
  return (
    <section aria-labelledby="student-panel-title" className="grid gap-4">
      <h2 id="student-panel-title" className="text-xl font-semibold">
        {t('student.title')}
      </h2>
      {panel.isPending ? (
        <PanelSkeleton label={t('panel.loading')} />
      ) : panel.isError ? (
        <PanelError
          title={t('panel.errorTitle')}
          message={isStatus(panel.error, 403) ? t('panel.onlyStudents') : panel.error.message}
          onRetry={isStatus(panel.error, 403) ? undefined : () => void panel.refetch()}
        />
      ) : (
        <StudentPanelBody data={panel.data} />
      )}
    </section>
  )
}

function StudentPanelBody({ data }: { data: StudentPanelResponse }) {
  const { t } = useTranslation('entities')
  const number = useNumber()
  const { data: me } = useSession()
  const completeness = me ? studentCompleteness(me.profile) : null
  return (
    <>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatTile
          label={t('student.applications')}
          value={number(data.stats.applications)}
          hint={`${t('student.activeApplications')}: ${number(data.stats.activeApplications)}`}
          icon={<Send />}
        />
        <StatTile label={t('student.savedJobs')} value={number(data.stats.savedJobs)} icon={<Bookmark />} />
        <StatTile label={t('student.connections')} value={number(data.stats.connections)} icon={<Users />} />
        <StatTile
          label={t('student.completenessLabel')}
          value={completeness ? `${completeness.percent}%` : '—'}
          icon={<Gauge />}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <PanelCard id="student-applications-title" title={t('student.myApplications')}>
          {data.applications.length === 0 ? (
            <EmptyState
              icon={<Send />}
              title={t('student.noApplications')}
              description={t('student.noApplicationsText')}
            />
          ) : (
            <ul className="grid gap-3">
              {data.applications.map((application) => (
                <li key={application.id} className="flex flex-wrap items-start gap-3 rounded-md border p-3">
                  <div className="grid min-w-0 flex-1 gap-1">
                    <Link
                      to={jobHref(application.jobId)}
                      className="font-medium break-words underline-offset-4 hover:underline"
                    >
                      {application.titulo}
                    </Link>
                    <p className="text-sm break-words text-muted-foreground">{application.empresa}</p>
                    <p className="text-xs text-muted-foreground">
                      {t('student.appliedOn', { date: dateBR(application.createdAt) })}
                      {application.updatedAt !== application.createdAt &&
                        ` · ${t('student.updatedOn', { date: dateBR(application.updatedAt) })}`}
                    </p>
                  </div>
                  <ApplicationStatusBadge status={application.status} />
                </li>
              ))}
            </ul>
          )}
        </PanelCard>

        <PanelCard
          id="student-recommended-title"
          title={t('student.recommendedJobs')}
          description={t('student.recommendedHint')}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to={paths.jobs}>{t('student.allJobs')}</Link>
            </Button>
          }
        >
          {data.recommended.length === 0 ? (
            <EmptyState
              icon={<Sparkles />}
              title={t('student.noRecommended')}
              description={t('student.noRecommendedText')}
            />
          ) : (
            <ul className="grid gap-3">
              {data.recommended.map((job) => (
                <JobItem key={job.id} job={job} />
              ))}
            </ul>
          )}
        </PanelCard>

        <PanelCard id="student-saved-title" title={t('student.saved')}>
          {data.saved.length === 0 ? (
            <EmptyState
              icon={<Bookmark />}
              title={t('student.noSaved')}
              description={t('student.noSavedText')}
            />
          ) : (
            <ul className="grid gap-3">
              {data.saved.map((job) => (
                <JobItem key={job.id} job={job} />
              ))}
            </ul>
          )}
        </PanelCard>

        <div className="grid content-start gap-4">
          {completeness && <ProfileCompleteness {...completeness} />}
          <PanelCard id="student-connections-title" title={t('student.myConnections')}>
            {data.connections.length === 0 ? (
              <EmptyState
                icon={<Users />}
                title={t('student.noConnections')}
                description={t('student.noConnectionsText')}
              />
            ) : (
              <ul className="grid gap-2">
                {data.connections.map((person) => (
                  <ConnectionItem key={person.userId} person={person} />
                ))}
              </ul>
            )}
          </PanelCard>
        </div>
      </div>
    </>
  )
}

function ProfileCompleteness({ percent, missing }: ReturnType<typeof studentCompleteness>) {
  const { t } = useTranslation('entities')
  const items = missing.map((field) => t(`student.fields.${field}`)).join(', ')
  return (
    <PanelCard id="student-profile-title" title={t('student.profile')}>
      <div className="grid gap-3">
        <p className="text-sm font-medium">{t('student.completeness', { percent })}</p>
        <div
          role="progressbar"
          aria-label={t('student.completenessLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-muted-foreground">
          {missing.length === 0 ? t('student.profileDone') : t('student.missing', { items })}
        </p>
        {missing.length > 0 && (
          <Button asChild variant="outline" size="sm" className="w-fit">
            <Link to={paths.dashboard.profile}>
              <UserPen aria-hidden />
              {t('student.completeAction')}
            </Link>
          </Button>
        )}
      </div>
    </PanelCard>
  )
}

function initials(name: string) {
  const parts = name.trim().split(/\s+/)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

function ConnectionItem({ person }: { person: ConnectionSummary }) {
  const href =
    person.slug === null
      ? null
      : person.userType === 'entidade'
        ? entityHref(person.slug)
        : person.userType === 'advogado'
          ? generatePath(paths.lawyer, { slug: person.slug })
          : null
  return (
    <li className="flex items-center gap-3">
      <Avatar className="size-8">
        {person.avatarUrl && <AvatarImage src={person.avatarUrl} alt="" />}
        <AvatarFallback className="text-xs">{initials(person.nome)}</AvatarFallback>
      </Avatar>
      {href ? (
        <Link to={href} className="min-w-0 break-words underline-offset-4 hover:underline">
          {person.nome}
        </Link>
      ) : (
        <span className="min-w-0 break-words">{person.nome}</span>
      )}
    </li>
  )
}
