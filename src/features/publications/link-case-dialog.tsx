import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { CasePicker, caseOptionLabel } from '../cases/cases.public'
import type { PublicationItem } from './publications.schema'
import { useLinkPublicationCase } from './use-publications'

/** 'Vincular a um caso': one of the office's cases (the picker lists those this member sees); none unlinks. */
export function LinkCaseDialog({
  item,
  open,
  onOpenChange,
}: {
  item: PublicationItem | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('publications')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('link.title')}</DialogTitle>
          <DialogDescription>{t('link.description')}</DialogDescription>
        </DialogHeader>
        {open && item && <LinkCaseForm key={item.id} item={item} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function LinkCaseForm({ item, onDone }: { item: PublicationItem; onDone: () => void }) {
  const { t } = useTranslation('publications')
  const link = useLinkPublicationCase()
  const [caseId, setCaseId] = useState(item.case?.id ?? '')
  const [caseLabel, setCaseLabel] = useState<string | null>(
    item.case ? caseOptionLabel({ titulo: item.case.titulo, numeroProcesso: item.numeroMascara }) : null,
  )

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    try {
      await link.mutateAsync({ id: item.id, caseId: caseId || null })
      toast.success(caseId ? t('link.linked') : t('link.unlinked'), { description: caseLabel ?? undefined })
      onDone()
    } catch (error) {
      toast.error(t('link.error'), { description: (error as Error).message })
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={t('link.case')} htmlFor="publication-link-case">
        <CasePicker
          id="publication-link-case"
          value={caseId}
          selectedLabel={caseLabel}
          onValueChange={(value, label) => {
            setCaseId(value)
            setCaseLabel(label)
          }}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('link.cancel')}
        </Button>
        <Button type="submit" disabled={link.isPending || caseId === (item.case?.id ?? '')}>
          {link.isPending ? t('link.saving') : caseId || !item.case ? t('link.save') : t('link.unlink')}
        </Button>
      </DialogFooter>
    </form>
  )
}
