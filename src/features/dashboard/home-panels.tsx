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

interface PanelStat {
  label: string
  value: number
  icon: ReactNode
}

/** The frame both sample panels share: title with the sample badge, four stat cards, two list cards. */
function SamplePanel({
  id,
  title,
  stats,
  children,
}: {
  id: string
  title: string
  stats: PanelStat[]
  children: ReactNode
}) {
  const { i18n } = useTranslation('dashboard')
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <SampleBadge />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <StatCard
            key={stat.label}
            label={stat.label}
            value={number(stat.value, i18n.language)}
            icon={stat.icon}
          />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">{children}</div>
    </section>
  )
}

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>{title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">{children}</ul>
      </CardContent>
    </Card>
  )
}

/** Spec §2: estudante users see a student panel (sample figures and lists). */
export function StudentPanel() {
  const { t } = useTranslation('dashboard')
  const s = STUDENT_SAMPLE
  return (
    <SamplePanel
      id="student-panel-title"
      title={t('student.title')}
      stats={[
        { label: t('student.applications'), value: s.stats.applications, icon: <Send /> },
        { label: t('student.savedJobs'), value: s.stats.savedJobs, icon: <Bookmark /> },
        { label: t('student.events'), value: s.stats.events, icon: <CalendarDays /> },
        { label: t('student.connections'), value: s.stats.connections, icon: <Users /> },
      ]}
    >
      <ListCard title={t('student.recommendedJobs')}>
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
      </ListCard>
      <ListCard title={t('student.upcomingEvents')}>
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
      </ListCard>
    </SamplePanel>
  )
}

/** Spec §2: entidade users see an entity panel (sample figures and lists). */
export function EntityPanel() {
  const { t } = useTranslation('dashboard')
  const s = ENTITY_SAMPLE
  return (
    <SamplePanel
      id="entity-panel-title"
      title={t('entity.title')}
      stats={[
        { label: t('entity.openJobs'), value: s.stats.openJobs, icon: <Briefcase /> },
        { label: t('entity.applications'), value: s.stats.applications, icon: <FileUser /> },
        { label: t('entity.profileViews'), value: s.stats.profileViews, icon: <Eye /> },
        { label: t('entity.partners'), value: s.stats.partners, icon: <Handshake /> },
      ]}
    >
      <ListCard title={t('entity.recentApplications')}>
        {s.applications.map((application) => (
          <li key={application.id} className="flex items-start gap-3 rounded-md border p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{application.name}</p>
              <p className="text-sm text-muted-foreground">{application.role}</p>
            </div>
            <Badge variant="secondary">{application.status}</Badge>
          </li>
        ))}
      </ListCard>
      <ListCard title={t('entity.activeJobs')}>
        {s.jobs.map((job) => (
          <li key={job.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
            <p className="font-medium">{job.title}</p>
            <span className="text-sm whitespace-nowrap text-muted-foreground">
              {t('entity.applicants', { count: job.applicants })}
            </span>
          </li>
        ))}
      </ListCard>
    </SamplePanel>
  )
}
