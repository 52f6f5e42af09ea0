import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { toast } from 'sonner'
import { Ban, CheckCircle2, Clock, Flag } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { PageSpinner } from '../../components/page-spinner'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import type { ModerationSummary } from './admin-moderation.schema'
import { AdminShell } from './admin-shared'
import { BlockedTab, HistoryTab } from './moderation-blocked-history'
import { PendingTab } from './moderation-pending'
import { ReportsTab } from './moderation-reports'
import { useModerationSummary } from './use-admin-moderation'

/** /admin/moderation: superadmin only ('Carregando...' while the role loads, others → /dashboard). */
export function AdminModerationPage() {
  const { t } = useTranslation('admin')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminModeration />
}

const COUNTERS: { key: keyof ModerationSummary; icon: typeof Clock }[] = [
  { key: 'pendentes', icon: Clock },
  { key: 'denunciados', icon: Flag },
  { key: 'bloqueados', icon: Ban },
  { key: 'resolvidos', icon: CheckCircle2 },
]

function AdminModeration() {
  const { t } = useTranslation('admin-moderation')
  const summary = useModerationSummary()

  useEffect(() => {
    if (summary.error) toast.error(t('loadError'), { description: summary.error.message })
  }, [summary.error, t])

  return (
    <AdminShell title={t('title')} subtitle={t('subtitle')}>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {COUNTERS.map(({ key, icon: Icon }) => (
          <Card key={key} className="gap-2 py-4" data-testid={`moderation-${key}`}>
            <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
              <CardTitle className="text-sm font-medium text-muted-foreground">
                {t(`counters.${key}`)}
              </CardTitle>
              <Icon aria-hidden className="size-4 text-muted-foreground" />
            </CardHeader>
            <CardContent className="px-4">
              {summary.data ? (
                <p className="text-2xl font-bold tabular-nums">{summary.data[key].toLocaleString('pt-BR')}</p>
              ) : (
                <Skeleton className="h-8 w-16" />
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <Tabs defaultValue="pending" className="gap-4">
        <TabsList className="h-auto w-full flex-wrap justify-start">
          <TabsTrigger value="pending">{t('tabs.pending')}</TabsTrigger>
          <TabsTrigger value="reports">{t('tabs.reports')}</TabsTrigger>
          <TabsTrigger value="blocked">{t('tabs.blocked')}</TabsTrigger>
          <TabsTrigger value="history">{t('tabs.history')}</TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <PendingTab />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="blocked">
          <BlockedTab />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab />
        </TabsContent>
      </Tabs>
    </AdminShell>
  )
}
