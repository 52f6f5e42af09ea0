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
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import type { DeletionStatus } from './privacy.schema'
import { DESTRUCTIVE_CONTRAST } from './privacy-ui'
import { useDeletionRequest } from './use-privacy'

/**
 * 'Excluir minha conta': says what goes, what stays (as 'Usuário removido') and which offices close, then
 * asks for the password. Nothing is deleted now: the server schedules it 7 days ahead.
 */
export function AccountDeletionDialog({
  open,
  onOpenChange,
  status,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  status: DeletionStatus
}) {
  const { t } = useTranslation('privacy')
  const { request } = useDeletionRequest()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  function close(next: boolean) {
    if (!next) {
      setPassword('')
      setError(null)
      request.reset()
    }
    onOpenChange(next)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    request.mutate(
      { password },
      {
        onSuccess: (saved) => {
          toast.success(t('deletion.scheduled'), {
            description: t('deletion.scheduledDescription', { date: formatDateBR(saved.scheduledFor) }),
          })
          close(false)
        },
        onError: (failure) => {
          // A wrong password belongs under the field; anything else (409 last sócio, 429) is a toast too.
          const fieldError = failure instanceof ApiRequestError ? failure.fields.password : undefined
          setError(fieldError ?? failure.message)
          if (!fieldError) toast.error(t('deletion.error'), { description: failure.message })
        },
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('deletion.dialog.title')}</DialogTitle>
            <DialogDescription>{t('deletion.dialog.description')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3 text-sm">
            <p>{t('deletion.dialog.deleted')}</p>
            <p>{t('deletion.dialog.kept')}</p>
            {status.officesToClose.length > 0 && (
              <div className="rounded-lg border border-destructive/50 bg-destructive/5 p-3">
                <p>{t('deletion.dialog.officesToClose')}</p>
                <ul className="mt-1 list-disc pl-5 font-medium">
                  {status.officesToClose.map((office) => (
                    <li key={office.id}>{office.nome}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <FormField
            label={t('deletion.dialog.password')}
            htmlFor="privacy-delete-password"
            description={t('deletion.dialog.passwordHint')}
            error={error ?? undefined}
          >
            <Input
              id="privacy-delete-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <DialogFooter className="[&_button]:h-auto [&_button]:min-h-9 [&_button]:whitespace-normal">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('deletion.dialog.cancel')}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              className={DESTRUCTIVE_CONTRAST}
              disabled={password === '' || request.isPending}
            >
              {request.isPending ? t('deletion.dialog.confirming') : t('deletion.dialog.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
