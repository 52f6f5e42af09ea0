import { useState } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { ProposalForm } from './proposals-form'
import { ProposalsList } from './proposals-list'
import type { ProposalDto } from './proposals.schema'

type View = { kind: 'list' } | { kind: 'form'; proposal: ProposalDto | null }

/**
 * 'Proposta de honorários' (issue 11, the Financeiro quick action): the office's proposals with their actions,
 * and the form to create or edit one, in one dialog so the lawyer never leaves the Financeiro page.
 */
export function ProposalsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('financial')
  const [view, setView] = useState<View>({ kind: 'list' })
  const changeOpen = (next: boolean) => {
    // Reopening starts at the list again.
    if (!next) setView({ kind: 'list' })
    onOpenChange(next)
  }
  const editing = view.kind === 'form'

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            {editing ? t(view.proposal ? 'proposals.edit' : 'proposals.new') : t('proposals.title')}
          </DialogTitle>
          <DialogDescription>{t('proposals.description')}</DialogDescription>
        </DialogHeader>
        {editing && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="w-fit"
            onClick={() => setView({ kind: 'list' })}
          >
            <ArrowLeft aria-hidden />
            {t('proposals.back')}
          </Button>
        )}
        {open &&
          (view.kind === 'form' ? (
            <ProposalForm
              key={view.proposal?.id ?? 'new'}
              proposal={view.proposal}
              onDone={() => setView({ kind: 'list' })}
            />
          ) : (
            <ProposalsList
              onNew={() => setView({ kind: 'form', proposal: null })}
              onEdit={(proposal) => setView({ kind: 'form', proposal })}
            />
          ))}
      </DialogContent>
    </Dialog>
  )
}
