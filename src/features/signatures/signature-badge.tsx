import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import type { SignatureStatus } from './signatures.schema'
import { useSignatureBadge } from './use-signatures'

const VARIANT = {
  pendente: 'warning',
  assinado: 'success',
  recusado: 'outline',
  expirado: 'outline',
  cancelado: 'outline',
} as const satisfies Record<SignatureStatus, 'warning' | 'success' | 'outline'>

/** 'Aguardando assinatura (1 de 2)', 'Assinado', 'Recusado', 'Expirado' on a PDF's row; nothing when never sent. */
export function SignatureBadge({ documentId, isPdf }: { documentId: string; isPdf: boolean }) {
  const { t } = useTranslation('signatures')
  const badge = useSignatureBadge(documentId, isPdf)
  if (!badge.data) return null
  const { status, signed, total } = badge.data
  return (
    <Badge variant={VARIANT[status]} data-testid="signature-badge">
      {t(`badge.${status}`, { signed, total })}
    </Badge>
  )
}
