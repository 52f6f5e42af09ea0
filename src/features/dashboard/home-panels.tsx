import { Briefcase, CalendarDays, FileUser, Eye, Handshake, Bookmark, Send, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { addDaysISO, formatDateBR, todayISO } from '../../lib/br/dates'
import { ENTITY_SAMPLE, STUDENT_SAMPLE } from './home-panels.sample'

export function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardDescription>{label}</CardDescription>
        <span aria-hidden className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="px-4 text-2xl font-bold">{value}</CardContent>
    </Card>
  )
}

function SampleBadge() {
  const { t } = useTranslation('dashboard')
  return (
    <Badge variant="outline" className="w-fit">
      {t('home.sampleData')}
    </Badge>
  )
}

const number = (value: number, language: string) => new Intl.NumberFormat(language).format(value)

/** Spec §2: estudante users see a student panel (sample figures and lists). */
export function StudentPanel() {
  const { t, i18n } = useTranslation('dashboard')
  const s = STUDENT_SAMPLE
  return (
    <section aria-labelledby="student-panel-title" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="student-panel-title" className="text-xl font-semibold">
          {t('student.title')}
        </h2>
        <SampleBadge />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label={t('student.applications')}
          value={number(s.stats.applications, i18n.language)}
          icon={<Send />}
        />
        <StatCard
          label={t('student.savedJobs')}
          value={number(s.stats.savedJobs, i18n.language)}
          icon={<Bookmark />}
        />
        <StatCard
          label={t('student.events')}
          value={number(s.stats.events, i18n.language)}
          icon={<CalendarDays />}
        />
        <StatCard
          label={t('student.connections')}
          value={number(s.stats.connections, i18n.language)}
          icon={<Users />}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h3>{t('student.recommendedJobs')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {s.jobs.map((job) => (
                <li key={job.id} className="flex items-start gap-3 rounded-md border p-3">
                  <Briefcase aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{job.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {job.company} · {job.location}
                    </p>
                  </div>
                  <Badge variant="secondary">{job.type}</Badge>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h3>{t('student.upcomingEvents')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {s.events.map((event) => (
                <li key={event.id} className="flex items-start gap-3 rounded-md border p-3">
                  <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <div className="min-w-0">
                    <p className="font-medium">{event.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatDateBR(addDaysISO(todayISO(), event.inDays))} · {event.place}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </section>
  )
}

/** Spec §2: entidade users see an entity panel (sample figures and lists). */
export function EntityPanel() {
  const { t, i18n } = useTranslation('dashboard')
  const s = ENTITY_SAMPLE
  return (
    <section aria-labelledby="entity-panel-title" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="entity-panel-title" className="text-xl font-semibold">
          {t('entity.title')}
        </h2>
        <SampleBadge />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard
          label={t('entity.openJobs')}
          value={number(s.stats.openJobs, i18n.language)}
          icon={<Briefcase />}
        />
        <StatCard
          label={t('entity.applications')}
          value={number(s.stats.applications, i18n.language)}
          icon={<FileUser />}
        />
        <StatCard
          label={t('entity.profileViews')}
          value={number(s.stats.profileViews, i18n.language)}
          icon={<Eye />}
        />
        <StatCard
          label={t('entity.partners')}
          value={number(s.stats.partners, i18n.language)}
          icon={<Handshake />}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h3>{t('entity.recentApplications')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {s.applications.map((application) => (
                <li key={application.id} className="flex items-start gap-3 rounded-md border p-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{application.name}</p>
                    <p className="text-sm text-muted-foreground">{application.role}</p>
                  </div>
                  <Badge variant="secondary">{application.status}</Badge>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h3>{t('entity.activeJobs')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {s.jobs.map((job) => (
                <li key={job.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
                  <p className="font-medium">{job.title}</p>
                  <span className="text-sm whitespace-nowrap text-muted-foreground">
                    {t('entity.applicants', { count: job.applicants })}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </section>
  )
}
