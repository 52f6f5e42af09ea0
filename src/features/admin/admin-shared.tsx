import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ArrowLeft, Briefcase, GraduationCap, Building2, Shield, Users, Activity } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip'
import { paths } from '../../lib/paths'
import { ADMIN_PAGE_SIZE, type AdminStats } from './admin.schema'
import { useApplyUserLanguage } from '../settings/settings.public'
import { SimulationBanner } from './simulation'

/** Page frame of the admin screens (they live outside the dashboard layout). */
export function AdminShell({
  title,
  subtitle,
  actions,
  back = true,
  children,
}: {
  title: string
  subtitle?: string
  actions?: ReactNode
  back?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation('admin')
  // The admin screens sit outside the dashboard layout, so they apply the user's saved language themselves.
  useApplyUserLanguage()
  return (
    <div className="min-h-screen bg-muted/30">
      <SimulationBanner />
      <main className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-4 md:p-8">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            {back && (
              <Link
                to={paths.admin.root}
                className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
              >
                <ArrowLeft aria-hidden className="size-4" />
                {t('backToAdmin')}
              </Link>
            )}
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight md:text-3xl">
              {title}
              <Badge variant="destructive">{t('superadminBadge')}</Badge>
            </h1>
            {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </header>
        {children}
      </main>
    </div>
  )
}

type StatKey = keyof AdminStats
const STAT_ICONS: Record<StatKey, typeof Users> = {
  total: Users,
  advogados: Briefcase,
  estudantes: GraduationCap,
  entidades: Building2,
  admins: Shield,
  activeToday: Activity,
}

/** Count cards from /api/admin/stats (skeletons while loading). */
export function StatCards({ stats, keys }: { stats: AdminStats | undefined; keys: StatKey[] }) {
  const { t } = useTranslation('admin')
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
      {keys.map((key) => {
        const Icon = STAT_ICONS[key]
        return (
          <Card key={key} className="gap-2 py-4" data-testid={`stat-${key}`}>
            <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
              <CardTitle className="text-sm font-medium text-muted-foreground">{t(`stats.${key}`)}</CardTitle>
              <Icon aria-hidden className="size-4 text-muted-foreground" />
            </CardHeader>
            <CardContent className="px-4">
              {stats ? (
                <p className="text-2xl font-bold tabular-nums">{stats[key].toLocaleString('pt-BR')}</p>
              ) : (
                <Skeleton className="h-8 w-16" />
              )}
            </CardContent>
          </Card>
        )
      })}
    </div>
  )
}

export function TypeBadge({ type }: { type: string }) {
  const { t } = useTranslation('admin')
  const known = type === 'advogado' || type === 'estudante' || type === 'entidade'
  return (
    <Badge variant={type === 'advogado' ? 'default' : known ? 'secondary' : 'outline'}>
      {known ? t(`types.${type}`) : t('types.unknown')}
    </Badge>
  )
}

export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('admin')
  if (role === 'superadmin') return <Badge variant="destructive">{t('roles.superadmin')}</Badge>
  if (role === 'admin') return <Badge variant="warning">{t('roles.admin')}</Badge>
  return <span className="text-sm text-muted-foreground">{t('roles.user')}</span>
}

/** "Mostrando 1–50 de 123" with previous/next (page size 50). */
export function Pagination({
  page,
  total,
  onPageChange,
}: {
  page: number
  total: number
  onPageChange: (page: number) => void
}) {
  const { t } = useTranslation('admin')
  if (total === 0) return null
  const from = page * ADMIN_PAGE_SIZE + 1
  const to = Math.min(total, (page + 1) * ADMIN_PAGE_SIZE)
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex flex-col items-center justify-between gap-2 sm:flex-row"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('pagination.showing', { from, to, total })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
          {t('pagination.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={to >= total} onClick={() => onPageChange(page + 1)}>
          {t('pagination.next')}
        </Button>
      </div>
    </nav>
  )
}

/**
 * An action that exists but can't be used here: stays focusable (aria-disabled, not disabled) so the
 * tooltip saying why is reachable by keyboard and pointer.
 */
export function UnavailableAction({
  label,
  reason,
  children,
}: {
  label: string
  reason: string
  children: ReactNode
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          aria-disabled="true"
          aria-label={`${label}: ${reason}`}
          className="cursor-not-allowed opacity-50"
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  )
}
