import { Share2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import type { DocumentRow } from './documents.schema'

/** 'Compartilhado': the client portal shows this document (issue 26); nothing for one that is not shared. */
export function SharedBadge({ document }: { document: Pick<DocumentRow, 'compartilhadoCliente'> }) {
  const { t } = useTranslation('documents')
  if (!document.compartilhadoCliente) return null
  return (
    <Badge variant="success" title={t('share.badgeTitle')}>
      <Share2 aria-hidden />
      {t('share.badge')}
    </Badge>
  )
}
