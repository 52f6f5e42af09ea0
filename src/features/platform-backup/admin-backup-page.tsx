import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { toast } from 'sonner'
import { Archive, CalendarClock, Database, Download, HardDrive, History, RotateCcw } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { PageSpinner } from '../../components/page-spinner'
import { formatDateTimeBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { AdminShell } from '../admin/admin.public'
import { useSession } from '../auth/auth.public'
import { BackupSchedulesCard } from './backup-schedules-card'
import { formatSize } from './format-size'
import type { PlatformBackupItem, PlatformBackupOverview } from './platform-backup.schema'
import { PlatformRestoreCard } from './platform-restore-card'
import { downloadUrl, useCreatePlatformBackup, usePlatformBackups } from './use-platform-backup'

/** /admin/backup: superadmin only (the server refuses anyone else; here others go to /dashboard). */
export function AdminBackupPage() {
  const { t } = useTranslation('platform-backup')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminBackup />
}

function AdminBackup() {
  const { t } = useTranslation('platform-backup')
  const overview = usePlatformBackups()
  const create = useCreatePlatformBackup()
  const [restoreId, setRestoreId] = useState<string | null>(null)

  useEffect(() => {
    if (overview.error) toast.error(t('loadError'), { description: t('tryLater') })
  }, [overview.error, t])

  const startBackup = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success(t('started'), { description: t('startedDescription') }),
      onError: () => toast.error(t('createError'), { description: t('tryLater') }),
    })

  const data = overview.data
  return (
    <AdminShell
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Button onClick={startBackup} disabled={create.isPending}>
          <Archive aria-hidden />
          {t('create')}
        </Button>
      }
    >
      <Stats data={data} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <History className="size-5" aria-hidden />
            {t('history.title')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {!data ? (
            <Skeleton className="h-32 w-full" />
          ) : data.items.length === 0 ? (
            <EmptyState icon={<Archive />} title={t('history.empty')} description={t('history.emptyHint')} />
          ) : (
            <HistoryTable items={data.items} onRestore={setRestoreId} />
          )}
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        {data && <BackupSchedulesCard data={data} />}
        {data && <PlatformRestoreCard data={data} selectedId={restoreId} onSelect={setRestoreId} />}
      </div>
    </AdminShell>
  )
}

function Stats({ data }: { data: PlatformBackupOverview | undefined }) {
  const { t } = useTranslation('platform-backup')
  const cards = [
    { icon: Archive, label: t('stats.total'), value: data ? String(data.stats.total) : null },
    {
      icon: History,
      label: t('stats.last'),
      value: data
        ? data.stats.lastBackupAt
          ? formatDateTimeBR(data.stats.lastBackupAt)
          : t('stats.never')
        : null,
    },
    { icon: HardDrive, label: t('stats.size'), value: data ? formatSize(data.stats.totalSize) : null },
    { icon: CalendarClock, label: t('stats.scheduled'), value: data ? String(data.stats.scheduled) : null },
  ]
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ icon: Icon, label, value }) => (
        <Card key={label}>
          <CardContent className="flex items-center gap-3 p-4">
            <Icon className="text-primary size-8 shrink-0" aria-hidden />
            <div className="min-w-0">
              <p className="text-muted-foreground text-sm">{label}</p>
              {value === null ? (
                <Skeleton className="mt-1 h-6 w-20" />
              ) : (
                <p className="truncate text-xl font-semibold">{value}</p>
              )}
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  )
}

const STATUS_VARIANT = { concluido: 'default', processando: 'secondary', falhou: 'destructive' } as const

function HistoryTable({
  items,
  onRestore,
}: {
  items: PlatformBackupItem[]
  onRestore: (id: string) => void
}) {
  const { t } = useTranslation('platform-backup')
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('history.name')}</TableHead>
          <TableHead>{t('history.type')}</TableHead>
          <TableHead>{t('history.size')}</TableHead>
          <TableHead>{t('history.date')}</TableHead>
          <TableHead>{t('history.status')}</TableHead>
          <TableHead className="text-right">{t('history.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-testid="backup-row">
            <TableCell className="max-w-56 truncate font-medium">
              <span className="flex items-center gap-2">
                <Database className="text-muted-foreground size-4 shrink-0" aria-hidden />
                <span className="truncate">{item.nome}</span>
              </span>
            </TableCell>
            <TableCell>{t(`tipo.${item.tipo}`)}</TableCell>
            <TableCell>{formatSize(item.size)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTimeBR(item.startedAt)}</TableCell>
            <TableCell>
              <Badge
                variant={STATUS_VARIANT[item.status]}
                title={item.error ? t(`error.${item.error}`, item.error) : undefined}
              >
                {t(`status.${item.status}`)}
              </Badge>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              {item.status === 'concluido' && (
                <>
                  <Button
                    asChild
                    variant="ghost"
                    size="icon"
                    aria-label={t('history.download', { nome: item.nome })}
                  >
                    <a href={downloadUrl(item.id)} download>
                      <Download aria-hidden />
                    </a>
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('history.restore', { nome: item.nome })}
                    onClick={() => onRestore(item.id)}
                  >
                    <RotateCcw aria-hidden />
                  </Button>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
