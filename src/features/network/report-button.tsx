import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FlagIcon } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { reportInputSchema, type ReportTargetType } from './network.schema'
import { useReport } from './use-network'

/**
 * 'Denunciar' (issue 13): a dialog asking the reason, sent to moderation (issue 14). Used on public
 * profiles, reviews and job pages. Signed-out visitors are asked to sign in.
 */
export function ReportButton({
  targetType,
  targetId,
  className,
}: {
  targetType: ReportTargetType
  targetId: string
  className?: string
}) {
  const { t } = useTranslation('network')
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [motivo, setMotivo] = useState('')
  const [error, setError] = useState<string | undefined>()
  const report = useReport()
  const fieldId = useId()

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    event.stopPropagation()
    const parsed = reportInputSchema.safeParse({ targetType, targetId, motivo })
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'motivo')?.message)
      return
    }
    try {
      const result = await report.mutateAsync(parsed.data)
      if (result.created) toast.success(t('report.sent'), { description: t('report.sentDescription') })
      else toast.info(t('report.already'))
      setOpen(false)
      setMotivo('')
      setError(undefined)
    } catch (failure) {
      const message = failure instanceof ApiRequestError ? failure.message : undefined
      toast.error(t('report.error'), { description: message })
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className={className}>
          <FlagIcon aria-hidden />
          {t('report.button')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.description')}</DialogDescription>
        </DialogHeader>
        {session.isSignedIn ? (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
            <FormField label={t('report.motivo')} htmlFor={fieldId} error={error}>
              <Textarea
                id={fieldId}
                value={motivo}
                maxLength={1000}
                placeholder={t('report.motivoPlaceholder')}
                onChange={(event) => setMotivo(event.target.value)}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                {t('report.cancel')}
              </Button>
              <Button type="submit" disabled={report.isPending}>
                {t('report.submit')}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">{t('report.signIn')}</p>
            <Button asChild>
              <Link to={paths.auth}>{t('signIn')}</Link>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
