/** Every route of spec §2 in one place; links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  auth: '/auth',
  /** Screens the auth e-mails link to. */
  authResetPassword: '/auth/redefinir-senha',
  authEmailConfirmed: '/auth/confirmado',
  /** Public deadline calculator (issue 9): no account needed. */
  deadlineCalculator: '/calculadora-de-prazos',
  /** Team invitation link (issue 10): public, the token is the credential. */
  invitation: '/convite/:token',
  /** Issue 25: a signer's personal link (the token is the credential) and the public signature check. */
  signing: '/assinar/:token',
  verifySignature: '/verificar',
  /** Issue 13: the public job list and a job's page. */
  jobs: '/vagas',
  job: '/vagas/:id',
  /** Issue 13: a lawyer's public profile (features/directory). */
  lawyer: '/advogados/:slug',
  /** Issue 13: an entity's public page with its open jobs. */
  entity: '/entidades/:slug',
  /** Issue 26: the Portal do Cliente (a client's own area) and its invitation link (the token is the credential). */
  portal: {
    root: '/portal',
    case: '/portal/casos/:id',
    invite: '/portal/convite/:token',
  },
  admin: {
    root: '/admin',
    users: '/admin/users',
    settings: '/admin/settings',
    reports: '/admin/reports',
    financial: '/admin/financial',
    analytics: '/admin/analytics',
    logs: '/admin/logs',
    profiles: '/admin/profiles',
    moderation: '/admin/moderation',
    backup: '/admin/backup',
  },
  dashboard: {
    root: '/dashboard',
    profile: '/dashboard/profile',
    settings: '/dashboard/settings',
    crm: '/dashboard/crm',
    cases: '/dashboard/cases',
    documents: '/dashboard/documents',
    schedule: '/dashboard/schedule',
    /** Issue 27: 'Publicações e Intimações' (DJEN). */
    publications: '/dashboard/publicacoes',
    financial: '/dashboard/financial',
    team: '/dashboard/team',
    reports: '/dashboard/reports',
    teamManagement: '/dashboard/team-management',
    /** Issue 10: 'Minhas horas' and the office audit log (sócios). */
    timesheet: '/dashboard/timesheet',
    audit: '/dashboard/audit',
    analytics: '/dashboard/analytics',
    advancedSettings: '/dashboard/advanced-settings',
    dataBackup: '/dashboard/data-backup',
  },
} as const
