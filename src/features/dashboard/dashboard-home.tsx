import {
  Bell,
  Briefcase,
  CalendarClock,
  CircleCheck,
  CircleAlert,
  FileText,
  History,
  Bug,
  UserPen,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../../lib/paths'
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { formatCnpj } from '../../lib/br/cnpj'
import { formatDateBR } from '../../lib/br/dates'
import { formatPhone } from '../../lib/br/phone'
import { useNextEventText } from '../agenda/agenda.public'
import type { MeResponse } from '../auth/auth.public'
import { useSession, useSimulation } from '../auth/auth.public'
import { PublicationsCounterCard } from '../publications/publications.public'
import { UnreadMessagesCard } from '../portal/portal.public'
import { EntityPanel, StatCard, StudentPanel } from './home-panels'
import { isProfileComplete } from './profile-completeness'
import { useDashboardCounts } from './use-dashboard-counts'
import { useNotifications } from './use-notifications'

/** /dashboard (spec §2 "Dashboard home"): a panel per user type; lawyers (and admins) get the full home. */
export function DashboardHome() {
  const session = useSession()
  const me = session.data
  if (!me) return null // the layout only renders pages with a session
  const type = me.profile.userType
  const complete = isProfileComplete(me.profile)

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      {me.profileCreated && <MissingProfileCard />}
      {type === 'entidade' || type === 'estudante' ? (
        <>
          <WelcomeCard me={me} complete={complete} />
          {!complete && <CompleteProfileBanner me={me} />}
          {type === 'entidade' ? <EntityPanel /> : <StudentPanel />}
        </>
      ) : (
        <>
          {session.isAdmin && <DebugCard me={me} real={session.real} />}
          <WelcomeCard me={me} complete={complete} />
          {!complete && <CompleteProfileBanner me={me} />}
          <LawyerHome me={me} />
        </>
      )}
    </div>
  )
}

function initials(name: string) {
  const parts = name.trim().split(/\s+/)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

function WelcomeCard({ me, complete }: { me: MeResponse; complete: boolean }) {
  const { t } = useTranslation('dashboard')
  const { real } = useSession()
  const role = real?.role ?? me.role
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar className="size-16 text-lg">
          {me.profile.avatarUrl && <AvatarImage src={me.profile.avatarUrl} alt="" />}
          <AvatarFallback>{initials(me.profile.nomeCompleto)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 gap-2">
          <h1 className="text-2xl font-bold break-words">
            {t('home.welcome', { name: me.profile.nomeCompleto })}
          </h1>
          <p className="text-sm break-all text-muted-foreground">{me.user.email}</p>
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary">{t(`userTypes.${me.profile.userType}`)}</Badge>
            {role !== 'user' && (
              <Badge variant="default">
                {role === 'superadmin' ? t('roles.superadmin') : t('roles.admin')}
              </Badge>
            )}
            {complete ? (
              <Badge variant="success">
                <CircleCheck aria-hidden />
                {t('home.profileComplete')}
              </Badge>
            ) : (
              <Badge variant="warning">
                <CircleAlert aria-hidden />
                {t('home.profileIncomplete')}
              </Badge>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  )
}

function CompleteProfileBanner({ me }: { me: MeResponse }) {
  const { t } = useTranslation('dashboard')
  const missing = [
    me.profile.userType === 'advogado' && !me.profile.oabNumero?.trim() ? t('home.missing.oab') : null,
    !me.profile.telefone?.trim() ? t('home.missing.phone') : null,
  ].filter((item): item is string => item !== null)
  return (
    <section
      aria-labelledby="complete-profile-title"
      className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid gap-1">
        <h2 id="complete-profile-title" className="font-semibold">
          {t('home.completeProfileTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('home.completeProfileDescription', { missing: missing.join(t('home.missing.and')) })}
        </p>
      </div>
      <Button asChild className="shrink-0">
        <Link to={paths.dashboard.profile}>
          <UserPen aria-hidden />
          {t('home.completeProfileAction')}
        </Link>
      </Button>
    </section>
  )
}

function MissingProfileCard() {
  const { t } = useTranslation('dashboard')
  return (
    <Card className="border-warning/40" role="status">
      <CardHeader>
        <CardTitle>
          <h2>{t('home.missingProfileTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('home.missingProfileDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={paths.dashboard.profile}>{t('home.missingProfileAction')}</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function DebugCard({ me, real }: { me: MeResponse; real: MeResponse | null }) {
  const { t } = useTranslation('dashboard')
  const stored = useSimulation()
  const simulation = real?.role === 'superadmin' && stored && stored !== 'superadmin' ? stored : null
  const rows: [string, string][] = [
    [t('debug.userId'), me.user.id],
    [t('debug.email'), me.user.email],
    [t('debug.role'), real?.role ?? me.role],
    [t('debug.profileType'), me.profile.userType],
    [t('debug.simulation'), simulation ?? t('debug.noSimulation')],
  ]
  return (
    <Card className="border-dashed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bug aria-hidden className="size-4" />
          <h2>{t('debug.title')}</h2>
        </CardTitle>
        <CardDescription>{t('debug.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-mono break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}

function LawyerHome({ me }: { me: MeResponse }) {
  const { t } = useTranslation('dashboard')
  // Office work is for whoever has a current office: every lawyer (their own), and anyone invited to a team.
  const isLawyer = me.profile.userType === 'advogado' || me.office !== null
  const counts = useDashboardCounts(isLawyer)
  const nextEvent = useNextEventText(isLawyer)
  const notifications = useNotifications()
  const count = (value: number | null) => (value === null ? <Skeleton className="h-8 w-10" /> : value)

  return (
    <>
      {isLawyer && (
        <section aria-labelledby="shortcuts-title" className="grid gap-3">
          <h2 id="shortcuts-title" className="text-lg font-semibold">
            {t('home.shortcuts')}
          </h2>
          <div className="grid gap-4 md:grid-cols-3">
            <Shortcut
              to={paths.dashboard.crm}
              icon={Users}
              title={t('nav.items.crm')}
              description={
                counts.clients === null
                  ? t('home.loadingCount')
                  : t('home.clientsCount', { count: counts.clients })
              }
            />
            <Shortcut
              to={paths.dashboard.cases}
              icon={Briefcase}
              title={t('nav.items.cases')}
              description={
                counts.cases === null ? t('home.loadingCount') : t('home.casesCount', { count: counts.cases })
              }
            />
            <Shortcut
              to={paths.dashboard.schedule}
              icon={CalendarClock}
              title={t('nav.items.schedule')}
              description={nextEvent ?? t('home.scheduleDescription')}
            />
          </div>
        </section>
      )}

      <section
        aria-label={t('home.counters')}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <StatCard label={t('home.documents')} value={count(counts.documents)} icon={<FileText />} />
        <StatCard label={t('home.cases')} value={count(counts.cases)} icon={<Briefcase />} />
        <StatCard
          label={t('home.notifications')}
          value={notifications.isPending ? count(null) : notifications.unread}
          icon={<Bell />}
        />
        <PublicationsCounterCard enabled={isLawyer} />
        <UnreadMessagesCard enabled={isLawyer} />
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('home.recentActivity')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <EmptyState
              icon={<History />}
              title={t('home.noActivity')}
              description={t('home.noActivityDescription')}
            />
          </CardContent>
        </Card>
        <ProfileInfo me={me} />
      </div>
    </>
  )
}

function Shortcut({
  to,
  icon: Icon,
  title,
  description,
}: {
  to: string
  icon: LucideIcon
  title: string
  description: string
}) {
  return (
    <Link
      to={to}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Card className="h-full gap-3 py-4 transition-colors group-hover:bg-accent">
        <CardHeader className="flex flex-row items-center gap-3 px-4">
          <span className="flex size-9 items-center justify-center rounded-md bg-primary/10 text-primary">
            <Icon aria-hidden className="size-5" />
          </span>
          <div className="grid gap-0.5">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </CardHeader>
      </Card>
    </Link>
  )
}

function ProfileInfo({ me }: { me: MeResponse }) {
  const { t } = useTranslation('dashboard')
  const p = me.profile
  const rows: [string, string | null][] = [
    [t('profileInfo.name'), p.nomeCompleto],
    [t('profileInfo.email'), me.user.email],
    [t('profileInfo.phone'), p.telefone ? formatPhone(p.telefone) : null],
    [t('profileInfo.type'), t(`userTypes.${p.userType}`)],
    ...(p.userType === 'advogado'
      ? ([
          [
            t('profileInfo.oab'),
            p.oabNumero ? `${p.oabNumero}${p.oabEstado ? `/${p.oabEstado}` : ''}` : null,
          ],
        ] as [string, string | null][])
      : []),
    ...(p.userType === 'estudante'
      ? ([
          [t('profileInfo.university'), p.universidade],
          [
            t('profileInfo.period'),
            p.periodoCurso ? t('profileInfo.periodValue', { n: p.periodoCurso }) : null,
          ],
        ] as [string, string | null][])
      : []),
    ...(p.userType === 'entidade'
      ? ([
          [t('profileInfo.entity'), p.nomeEntidade],
          [t('profileInfo.cnpj'), p.cnpj ? formatCnpj(p.cnpj) : null],
        ] as [string, string | null][])
      : []),
    [t('profileInfo.memberSince'), formatDateBR(p.createdAt)],
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('profileInfo.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value || t('profileInfo.notInformed')}</dd>
            </div>
          ))}
        </dl>
        <Button asChild variant="outline" size="sm" className="mt-4">
          <Link to={paths.dashboard.profile}>{t('profileInfo.edit')}</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
