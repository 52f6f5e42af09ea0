import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import { toast } from 'sonner'
import {
  ClipboardList,
  FileBarChart,
  LayoutDashboard,
  LogOut,
  ScrollText,
  Settings,
  ShieldCheck,
  UserCheck,
  Users,
} from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { PageSpinner } from '../../components/page-spinner'
import { paths } from '../../lib/paths'
import { useSession, useSignOut } from '../auth/auth.public'
import { AdminShell, StatCards } from './admin-shared'
import { SimulationPicker } from './simulation'
import { useAdminStats } from './use-admin'

const USER_ACTIONS = [
  { key: 'allUsers', to: paths.admin.users, icon: Users },
  { key: 'pendingApproval', to: paths.admin.moderation, icon: UserCheck },
  { key: 'userReports', to: paths.admin.reports, icon: FileBarChart },
] as const
const SYSTEM_ACTIONS = [
  { key: 'generalSettings', to: paths.admin.settings, icon: Settings },
  { key: 'manageAdmins', to: `${paths.admin.users}?role=admin`, icon: ShieldCheck },
  { key: 'systemLogs', to: paths.admin.logs, icon: ScrollText },
] as const

/** /admin: superadmin only (spec §6: anyone else goes to /), counts, shortcuts and the profile simulation. */
export function AdminHome() {
  const { t } = useTranslation('admin')
  const session = useSession()
  const navigate = useNavigate()
  const signOut = useSignOut()
  const allowed = session.isSuperadmin
  const stats = useAdminStats(allowed)

  useEffect(() => {
    if (stats.error) toast.error(t('home.statsError'), { description: stats.error.message })
  }, [stats.error, t])

  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!allowed) return <Navigate to={paths.home} replace />

  const onSignOut = async () => {
    try {
      await signOut()
      toast.success(t('signOut.success'), { description: t('signOut.successDescription') })
      void navigate(paths.home)
    } catch (error) {
      toast.error(t('signOut.error'), { description: (error as Error).message })
    }
  }

  return (
    <AdminShell
      title={t('home.title')}
      subtitle={t('home.subtitle')}
      back={false}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to={paths.dashboard.root}>
              <LayoutDashboard aria-hidden />
              {t('home.backToDashboard')}
            </Link>
          </Button>
          <Button variant="outline" onClick={() => void onSignOut()}>
            <LogOut aria-hidden />
            {t('home.signOut')}
          </Button>
        </>
      }
    >
      <StatCards stats={stats.data} keys={['total', 'advogados', 'estudantes', 'entidades']} />
      <div className="grid gap-4 md:grid-cols-2">
        <ActionCard title={t('home.userManagement')} description={t('home.userManagementDescription')}>
          {USER_ACTIONS.map(({ key, to, icon: Icon }) => (
            <Button key={key} variant="outline" className="justify-start" asChild>
              <Link to={to}>
                <Icon aria-hidden />
                {t(`home.actions.${key}`)}
              </Link>
            </Button>
          ))}
        </ActionCard>
        <ActionCard title={t('home.systemSettings')} description={t('home.systemSettingsDescription')}>
          {SYSTEM_ACTIONS.map(({ key, to, icon: Icon }) => (
            <Button key={key} variant="outline" className="justify-start" asChild>
              <Link to={to}>
                <Icon aria-hidden />
                {t(`home.actions.${key}`)}
              </Link>
            </Button>
          ))}
        </ActionCard>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{t('home.profilesTitle')}</h2>
          </CardTitle>
          <CardDescription>{t('home.profilesDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <Link to={paths.admin.profiles}>
              <ClipboardList aria-hidden />
              {t('home.actions.profiles')}
            </Link>
          </Button>
        </CardContent>
      </Card>
      <SimulationPicker />
    </AdminShell>
  )
}

function ActionCard({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: React.ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">{children}</CardContent>
    </Card>
  )
}
