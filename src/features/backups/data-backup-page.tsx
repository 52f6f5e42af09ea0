import { useState } from 'react'
import { Archive, CalendarClock, Database, HardDrive, ShieldAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateTimeBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { formatSize } from '../documents/documents.public'
import { BackupHistory } from './backup-history'
import { ManualBackupCard } from './manual-backup-card'
import { RestoreCard } from './restore-card'
import { RestoreDialog } from './restore-dialog'
import type { BackupRow } from './backups.schema'
import { useBackupStats } from './use-backups'

/**
 * /dashboard/data-backup — 'Backup de Dados' of the current office, for its sócios (the server answers 403
 * to anyone else; the page spares them the request). Cards from real data, the 02:00 schedule as the
 * office's settings have it, the manual backup checklist, restore (history or upload) and the history.
 */
export function DataBackupPage() {
  const { t } = useTranslation('backups')
  const session = useSession()
  const office = session.data?.office ?? null

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      {office?.nivelAcesso === 'socio' ? (
        <BackupDashboard key={office.id} />
      ) : (
        <EmptyState icon={<ShieldAlert />} title={office ? t('sociosOnly') : t('noOffice')} />
      )}
    </div>
  )
}

function BackupDashboard() {
  const [restoring, setRestoring] = useState<BackupRow | null>(null)
  return (
    <>
      <BackupStatCards />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <ScheduleCard />
          <ManualBackupCard />
        </div>
        <RestoreCard onUploaded={setRestoring} />
      </div>
      <BackupHistory onRestore={setRestoring} />
      <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />
    </>
  )
}

function BackupStatCards() {
  const { t } = useTranslation('backups')
  const stats = useBackupStats()
  const data = stats.data
  const cards = [
    {
      key: 'last',
      label: t('stats.last'),
      value: data ? (data.last ? formatDateTimeBR(data.last.createdAt) : t('stats.none')) : undefined,
      detail: data?.last ? t(`status.${data.last.status}`) : undefined,
      icon: Archive,
    },
    { key: 'count', label: t('stats.count'), value: data ? String(data.total) : undefined, icon: Database },
    {
      key: 'size',
      label: t('stats.size'),
      value: data ? formatSize(data.totalSize) : undefined,
      icon: HardDrive,
    },
    {
      key: 'next',
      label: t('stats.next'),
      value: data ? (data.nextRun ? formatDateTimeBR(data.nextRun) : t('stats.off')) : undefined,
      icon: CalendarClock,
    },
  ]
  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ key, label, value, detail, icon: Icon }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`backup-stat-${key}`}>
          <CardContent className="flex items-start justify-between gap-2 px-4">
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">{label}</p>
              {value === undefined ? (
                <Skeleton className="h-7 w-24" />
              ) : (
                <p className="text-lg font-semibold tabular-nums">{value}</p>
              )}
              {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
            </div>
            <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          </CardContent>
        </Card>
      ))}
    </section>
  )
}

function ScheduleCard() {
  const { t } = useTranslation('backups')
  const { data } = useBackupStats()
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('schedule.title')}</h2>
        </CardTitle>
        <CardDescription>
          {data ? t('schedule.retention', { count: data.retencaoDias }) : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {data ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
            <span className="font-medium">
              {data.frequencia === 'semanal' ? t('schedule.weekly') : t('schedule.daily')}
            </span>
            <Badge variant={data.automatico ? 'success' : 'outline'} data-testid="backup-schedule-status">
              {data.automatico ? t('schedule.active') : t('schedule.inactive')}
            </Badge>
          </div>
        ) : (
          <Skeleton className="h-12 w-full" />
        )}
        <Link
          to={paths.dashboard.advancedSettings}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          {t('schedule.change')}
        </Link>
      </CardContent>
    </Card>
  )
}
