import {
  Activity,
  BarChart3,
  Briefcase,
  CalendarClock,
  Clock,
  DatabaseBackup,
  DollarSign,
  FileClock,
  FileText,
  Flag,
  LayoutDashboard,
  LineChart,
  Newspaper,
  ScrollText,
  Settings,
  Settings2,
  ShieldCheck,
  SlidersHorizontal,
  User,
  UserCog,
  Users,
  UsersRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react'
import { paths } from '../../lib/paths'

export interface NavItem {
  /** Key under `nav.items` in the dashboard catalogue. */
  key: string
  to: string
  icon: LucideIcon
  /** Match the path exactly (the group roots /dashboard and /admin). */
  end?: boolean
  /** Only for sócios of the current office (the server refuses everyone else anyway). */
  socioOnly?: boolean
  /** Only for levels with 'Full reports' (sócio, associado; spec §6): the server refuses the others. */
  reportsOnly?: boolean
  /** Only for levels with 'Manage financial' (sócio, associado; spec §6): the server refuses the others. */
  financialOnly?: boolean
  /** Only for levels that read publications (issue 27): the server refuses the others. */
  publicationsOnly?: boolean
}

export interface NavGroup {
  key: 'main' | 'office' | 'officeAdmin' | 'system'
  items: NavItem[]
}

const d = paths.dashboard
const a = paths.admin

// Spec §2 "Dashboard layout": the groups and their routes, in this order.
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'main',
    items: [
      { key: 'dashboard', to: d.root, icon: LayoutDashboard, end: true },
      { key: 'profile', to: d.profile, icon: User },
      { key: 'settings', to: d.settings, icon: Settings },
    ],
  },
  {
    key: 'office',
    items: [
      { key: 'crm', to: d.crm, icon: Users },
      { key: 'cases', to: d.cases, icon: Briefcase },
      { key: 'documents', to: d.documents, icon: FileText },
      { key: 'schedule', to: d.schedule, icon: CalendarClock },
      { key: 'publications', to: d.publications, icon: Newspaper, publicationsOnly: true },
      { key: 'financial', to: d.financial, icon: DollarSign, financialOnly: true },
      { key: 'team', to: d.team, icon: UsersRound },
      { key: 'timesheet', to: d.timesheet, icon: Clock },
      { key: 'reports', to: d.reports, icon: BarChart3, reportsOnly: true },
    ],
  },
  {
    key: 'officeAdmin',
    items: [
      { key: 'teamManagement', to: d.teamManagement, icon: UserCog },
      { key: 'audit', to: d.audit, icon: FileClock, socioOnly: true },
      { key: 'analytics', to: d.analytics, icon: LineChart, reportsOnly: true },
      { key: 'advancedSettings', to: d.advancedSettings, icon: SlidersHorizontal },
      { key: 'dataBackup', to: d.dataBackup, icon: DatabaseBackup },
    ],
  },
  {
    key: 'system',
    items: [
      { key: 'adminHome', to: a.root, icon: ShieldCheck, end: true },
      { key: 'adminUsers', to: a.users, icon: Users },
      { key: 'adminProfiles', to: a.profiles, icon: User },
      { key: 'adminModeration', to: a.moderation, icon: Flag },
      { key: 'adminSettings', to: a.settings, icon: Settings2 },
      { key: 'adminReports', to: a.reports, icon: BarChart3 },
      { key: 'adminFinancial', to: a.financial, icon: Wallet },
      { key: 'adminAnalytics', to: a.analytics, icon: Activity },
      { key: 'adminLogs', to: a.logs, icon: ScrollText },
      { key: 'adminBackup', to: a.backup, icon: DatabaseBackup },
    ],
  },
]

/**
 * Spec §6: the office groups to lawyers (the effective profile, so a superadmin simulating a lawyer sees
 * them), the system group to admins and superadmins (the platform role, which simulation doesn't change).
 */
export function visibleNavGroups({
  isLawyer,
  isAdmin,
  isSocio = false,
  auditViewer = true,
  canSeeReports = true,
  canManageFinancial = true,
  canSeePublications = true,
}: {
  isLawyer: boolean
  isAdmin: boolean
  /** The current office's level is sócio (GET /api/me). */
  isSocio?: boolean
  /** The office shows its audit viewer (Configurações Avançadas, issue 12). */
  auditViewer?: boolean
  /** The current office's level has 'Full reports' (full or partial). */
  canSeeReports?: boolean
  /** The current office's level has 'Manage financial' (full or partial). */
  canManageFinancial?: boolean
  /** The current office's level reads publications (full or partial). */
  canSeePublications?: boolean
}): NavGroup[] {
  return NAV_GROUPS.filter((group) => {
    if (group.key === 'office' || group.key === 'officeAdmin') return isLawyer
    if (group.key === 'system') return isAdmin
    return true
  }).map((group) => ({
    ...group,
    items: group.items.filter(
      (item) =>
        (!item.socioOnly || isSocio) &&
        (item.key !== 'audit' || auditViewer) &&
        (!item.reportsOnly || canSeeReports) &&
        (!item.financialOnly || canManageFinancial) &&
        (!item.publicationsOnly || canSeePublications),
    ),
  }))
}
