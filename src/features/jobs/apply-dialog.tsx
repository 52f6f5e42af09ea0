import { useState, type FormEvent } from 'react'
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
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { CV_MAX_BYTES } from './jobs.constants'
import { useApply } from './use-jobs'

const LETTER_MAX = 5000

/** 'Candidatar-se': the CV as a PDF and an optional cover letter. */
export function ApplyDialog({
  jobId,
  jobTitle,
  open,
  onOpenChange,
}: {
  jobId: string
  jobTitle: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('jobs')
  const apply = useApply()
  const [file, setFile] = useState<File | null>(null)
  const [carta, setCarta] = useState('')
  const [errors, setErrors] = useState<{ cv?: string; carta?: string }>({})

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const found: typeof errors = {}
    if (!file) found.cv = t('apply.cvRequired')
    else if (file.size > CV_MAX_BYTES) found.cv = t('apply.cvTooLarge')
    else if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') found.cv = t('apply.cvNotPdf')
    if (carta.length > LETTER_MAX) found.carta = t('apply.letterTooLong')
    setErrors(found)
    if (found.cv || found.carta || !file) return
    try {
      await apply.mutateAsync({ jobId, file, carta })
      toast.success(t('apply.success'))
      onOpenChange(false)
    } catch (error) {
      toast.error((error as Error).message)
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('apply.title')}</DialogTitle>
          <DialogDescription>
            {jobTitle} — {t('apply.description')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label={t('apply.cv')} htmlFor="candidatura-cv" error={errors.cv}>
            <Input
              id="candidatura-cv"
              type="file"
              accept="application/pdf,.pdf"
              required
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </FormField>
          <FormField label={t('apply.letter')} htmlFor="candidatura-carta" error={errors.carta}>
            <Textarea
              id="candidatura-carta"
              rows={6}
              value={carta}
              placeholder={t('apply.letterPlaceholder')}
              onChange={(event) => setCarta(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('apply.cancel')}
            </Button>
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? t('apply.submitting') : t('apply.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
