import { ShieldAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/ui/empty-state'
import { useSession } from '../auth/auth.public'
import { OfficeAuditLog } from './office-audit-log'

/**
 * /dashboard/audit — 'Registro de auditoria' of the current office, for its sócios. The server decides
 * (GET /api/audit answers 403 to anyone else); the page only spares others a request it would refuse.
 */
export function AuditPage() {
  const { t } = useTranslation('audit')
  const session = useSession()
  const office = session.data?.office ?? null

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      {office?.nivelAcesso === 'socio' ? (
        <OfficeAuditLog key={office.id} />
      ) : (
        <EmptyState icon={<ShieldAlert />} title={office ? t('sociosOnly') : t('noOffice')} />
      )}
    </div>
  )
}
