import { Calculator } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { paths } from '../../lib/paths'

/** Query parameter with which the agenda opens 'Calcular prazo' for a case. */
export const PRAZO_CASE_PARAM = 'prazoCaseId'

/**
 * 'Calcular prazo' on a case's screen: opens the agenda's deadline dialog with the case (and its client)
 * preselected. A link rather than a dialog stacked on the case dialog: a dialog inside another kept losing
 * keyboard focus to the outer one, and the created prazo is then seen on the agenda right away.
 */
export function CaseDeadlineButton({ caseId }: { caseId: string }) {
  const { t } = useTranslation('agenda')
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link to={`${paths.dashboard.schedule}?${new URLSearchParams({ [PRAZO_CASE_PARAM]: caseId })}`}>
        <Calculator aria-hidden />
        {t('calcPrazo')}
      </Link>
    </Button>
  )
}
