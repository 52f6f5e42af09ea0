import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '../lib/paths'
import { FeatureSlots } from './feature-slots'
import { RouteError } from './route-error'
import { PlatformFrame } from '../features/platform-settings/platform-settings.public'
import { PageViewReporter } from '../features/platform-analytics/platform-analytics.public'

// Every page is its own chunk: the landing page downloads none of the dashboard's code.
const page = <T,>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
})

const d = paths.dashboard
const a = paths.admin

const routes: RouteObject[] = [
  {
    // Maintenance page and the platform's name in the title (/admin/settings) around every route.
    Component: Root,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home,
        ...page(
          () => import('../features/landing/landing-page'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: paths.auth,
        ...page(
          () => import('../features/auth/auth-page'),
          (m) => m.AuthPage,
        ),
      },
      {
        path: paths.authResetPassword,
        ...page(
          () => import('../features/auth/password-reset-page'),
          (m) => m.PasswordResetPage,
        ),
      },
      {
        path: paths.authEmailConfirmed,
        ...page(
          () => import('../features/auth/email-confirmed-page'),
          (m) => m.EmailConfirmedPage,
        ),
      },
      {
        path: paths.deadlineCalculator,
        ...page(
          () => import('../features/prazos/deadline-calculator-page'),
          (m) => m.DeadlineCalculatorPage,
        ),
      },
      {
        path: paths.lawyer,
        ...page(
          () => import('../features/directory/public-profile-page'),
          (m) => m.PublicProfilePage,
        ),
      },
      {
        path: paths.entity,
        ...page(
          () => import('../features/entities/entity-page'),
          (m) => m.EntityPage,
        ),
      },
      {
        path: paths.invitation,
        ...page(
          () => import('../features/team/invitation-page'),
          (m) => m.InvitationPage,
        ),
      },
      {
        path: paths.signing,
        ...page(
          () => import('../features/signatures/signing-page'),
          (m) => m.SigningPage,
        ),
      },
      {
        path: paths.verifySignature,
        ...page(
          () => import('../features/signatures/verify-page'),
          (m) => m.VerifyPage,
        ),
      },
      {
        path: paths.jobs,
        ...page(
          () => import('../features/jobs/jobs-page'),
          (m) => m.JobsPage,
        ),
      },
      {
        path: paths.job,
        ...page(
          () => import('../features/jobs/job-page'),
          (m) => m.JobPage,
        ),
      },
      {
        path: paths.portal.invite,
        ...page(
          () => import('../features/portal/portal-invite-page'),
          (m) => m.PortalInvitePage,
        ),
      },
      {
        path: paths.portal.root,
        ...page(
          () => import('../features/portal/portal-layout'),
          (m) => m.PortalLayout,
        ),
        children: [
          {
            index: true,
            ...page(
              () => import('../features/portal/portal-home-page'),
              (m) => m.PortalHomePage,
            ),
          },
          {
            path: paths.portal.case,
            ...page(
              () => import('../features/portal/portal-case-page'),
              (m) => m.PortalCasePage,
            ),
          },
        ],
      },
      {
        path: d.root,
        ...page(
          () => import('../features/dashboard/dashboard-layout'),
          (m) => m.DashboardLayout,
        ),
        children: [
          {
            index: true,
            ...page(
              () => import('../features/dashboard/dashboard-home'),
              (m) => m.DashboardHome,
            ),
          },
          {
            path: d.profile,
            ...page(
              () => import('../features/profiles/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: d.settings,
            ...page(
              () => import('../features/settings/settings-page'),
              (m) => m.SettingsPage,
            ),
          },
          {
            path: d.crm,
            ...page(
              () => import('../features/clients/clients-page'),
              (m) => m.ClientsPage,
            ),
          },
          {
            path: d.cases,
            ...page(
              () => import('../features/cases/cases-page'),
              (m) => m.CasesPage,
            ),
          },
          {
            path: d.documents,
            ...page(
              () => import('../features/documents/documents-page'),
              (m) => m.DocumentsPage,
            ),
          },
          {
            path: d.schedule,
            ...page(
              () => import('../features/agenda/schedule-page'),
              (m) => m.SchedulePage,
            ),
          },
          {
            path: d.publications,
            ...page(
              () => import('../features/publications/publications-page'),
              (m) => m.PublicationsPage,
            ),
          },
          {
            path: d.team,
            ...page(
              () => import('../features/team/team-page'),
              (m) => m.TeamPage,
            ),
          },
          {
            path: d.teamManagement,
            ...page(
              () => import('../features/team/team-management-page'),
              (m) => m.TeamManagementPage,
            ),
          },
          {
            path: d.timesheet,
            ...page(
              () => import('../features/timesheet/timesheet-page'),
              (m) => m.TimesheetPage,
            ),
          },
          {
            path: d.audit,
            ...page(
              () => import('../features/audit/audit-page'),
              (m) => m.AuditPage,
            ),
          },
          {
            path: d.dataBackup,
            ...page(
              () => import('../features/backups/data-backup-page'),
              (m) => m.DataBackupPage,
            ),
          },
          {
            path: d.reports,
            ...page(
              () => import('../features/reports/reports-page'),
              (m) => m.ReportsPage,
            ),
          },
          {
            path: d.analytics,
            ...page(
              () => import('../features/reports/analytics-page'),
              (m) => m.AnalyticsPage,
            ),
          },
          {
            path: d.advancedSettings,
            ...page(
              () => import('../features/office-settings/advanced-settings-page'),
              (m) => m.AdvancedSettingsPage,
            ),
          },
          {
            path: d.financial,
            ...page(
              () => import('../features/financial/financial-page'),
              (m) => m.FinancialPage,
            ),
          },
        ],
      },
      {
        path: a.root,
        ...page(
          () => import('../features/admin/admin-home'),
          (m) => m.AdminHome,
        ),
      },
      {
        path: a.users,
        ...page(
          () => import('../features/admin/admin-users-page'),
          (m) => m.AdminUsersPage,
        ),
      },
      {
        path: a.profiles,
        ...page(
          () => import('../features/admin/admin-profiles-page'),
          (m) => m.AdminProfilesPage,
        ),
      },
      {
        path: a.logs,
        ...page(
          () => import('../features/platform-logs/admin-logs-page'),
          (m) => m.AdminLogsPage,
        ),
      },
      {
        path: a.moderation,
        ...page(
          () => import('../features/admin/admin-moderation-page'),
          (m) => m.AdminModerationPage,
        ),
      },
      {
        path: a.settings,
        ...page(
          () => import('../features/platform-settings/admin-settings-page'),
          (m) => m.AdminSettingsPage,
        ),
      },
      {
        path: a.backup,
        ...page(
          () => import('../features/platform-backup/admin-backup-page'),
          (m) => m.AdminBackupPage,
        ),
      },
      {
        path: a.analytics,
        ...page(
          () => import('../features/platform-analytics/admin-analytics-page'),
          (m) => m.AdminAnalyticsPage,
        ),
      },
      {
        path: a.reports,
        ...page(
          () => import('../features/platform-reports/admin-reports-page'),
          (m) => m.AdminReportsPage,
        ),
      },
      {
        path: a.financial,
        ...page(
          () => import('../features/platform-billing/admin-financial-page'),
          (m) => m.AdminFinancialPage,
        ),
      },
      {
        path: '*',
        ...page(
          () => import('./not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
]

/** The root route: the first-party page-view beacon (/admin/analytics) beside the platform frame. */
function Root() {
  return (
    <>
      <PageViewReporter routes={routes} />
      <FeatureSlots>
        <PlatformFrame />
      </FeatureSlots>
    </>
  )
}

export const router = createBrowserRouter(routes)
