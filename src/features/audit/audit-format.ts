// How the audit viewer shows a row: pure functions (unit-tested).

/** Every action the server records (src/features/audit/audit.service.server.ts AuditAction), in filter order. */
export const AUDIT_ACTIONS = [
  'member.sign_in',
  'client.read',
  'client.create',
  'client.update',
  'client.export',
  'client.delete',
  'client.restore',
  'client.anonymize',
  'case.create',
  'case.update',
  'case.export',
  'case.delete',
  'case.restore',
  'document.upload',
  'document.version',
  'document.update',
  'document.download',
  'document.delete',
  'document.restore',
  'event.create',
  'event.update',
  'event.confirm',
  'event.delete',
  'event.restore',
  'prazo.create',
  'court_day.add',
  'court_day.remove',
  'feed.create',
  'feed.revoke',
  'agenda.settings',
  'office_settings.update',
  'office_settings.restore',
  'office_settings.smtp_test',
  'platform_settings.update',
  'platform_settings.smtp_test',
  'platform_billing.mark_paid',
  'platform_billing.statement_import',
  'platform_billing.reprocess',
  'platform_billing.report',
  'platform_billing.plan_change',
  'platform_billing.cancel',
  'platform_billing.reactivate',
  'member.create',
  'member.update',
  'member.deactivate',
  'member.invite',
  'member.invite_cancel',
  'member.join',
  'portal.invite',
  'portal.revoke',
  'portal.accept',
  'portal.access',
  'portal.download',
  'portal.export',
  'portal.message',
  'backup.create',
  'backup.upload',
  'backup.download',
  'backup.restore',
  'backup.delete',
  'account.export',
  'account.delete_request',
  'account.delete_cancel',
  'account.delete',
  'financial.create',
  'financial.update',
  'financial.pay',
  'financial.delete',
  'financial.restore',
  'financial.export',
  'financial.receipt',
  'financial.pix',
  'proposal.create',
  'proposal.update',
  'proposal.delete',
  'proposal.send',
  'proposal.accept',
  'proposal.refuse',
  'proposal.download',
  'publication.treat',
  'publication.reopen',
  'publication.link_case',
  'publication.prazo',
  'publication_oab.create',
  'publication_oab.delete',
  'template.create',
  'template.update',
  'template.delete',
  'template.upload',
  'template.generate',
  'signature.request',
  'signature.cancel',
  'signature.code',
  'signature.sign',
  'signature.refuse',
  'signature.lock',
  'signature.complete',
  'audit.export',
  'admin.role_grant',
  'admin.role_revoke',
  'admin.profiles_list',
  'admin.user_block',
  'admin.user_unblock',
  'admin.profile_edit',
  'admin.job_close',
] as const

const MAX_DETAILS = 300

function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return '—'
  if (Array.isArray(value)) return value.map(valueText).join(', ')
  // A nested object (e.g. an export's filter): its filled keys only, 'status=ativo, search=silva'.
  if (typeof value === 'object') {
    const filled = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== null && v !== undefined && v !== '',
    )
    return filled.length === 0 ? '—' : filled.map(([k, v]) => `${k}=${valueText(v)}`).join(', ')
  }
  return String(value as number | boolean)
}

/** `{ fields: ['nome', 'email'], versao: 2 }` → 'fields: nome, email · versao: 2' (cut at 300 characters). */
export function formatAuditDetails(details: unknown): string {
  if (details === null || details === undefined) return ''
  const text =
    typeof details === 'object' && !Array.isArray(details)
      ? Object.entries(details as Record<string, unknown>)
          .map(([key, value]) => `${key}: ${valueText(value)}`)
          .join(' · ')
      : valueText(details)
  return text.length > MAX_DETAILS ? `${text.slice(0, MAX_DETAILS - 1)}…` : text
}
