import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { EyeOff } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { useSession } from '../auth/auth.public'
import { accessLevel } from '../offices/offices.public'
import { ANONYMIZE_CONFIRMATION } from './privacy.schema'
import { DESTRUCTIVE_CONTRAST } from './privacy-ui'
import { useAnonymizeClient } from './use-privacy'

/**
 * 'Anonimizar' in the client's edit dialog (LGPD art. 18): erases the client's personal data for good,
 * after a warning that it is irreversible and the typed word ANONIMIZAR. The confirmation opens inline,
 * inside the edit dialog: a second modal on top of it would fight the first one's focus trap. Shown only
 * to the levels the server allows ('clients.delete': sócio, associado, assistente).
 */
export function AnonymizeClientSection({
  client,
  onDone,
}: {
  client: { id: string; nomeCompleto: string }
  /** Called after the erasure (the edit dialog closes: its form holds the old data). */
  onDone: () => void
}) {
  const { t } = useTranslation('privacy')
  const nivel = useSession().data?.office?.nivelAcesso
  const [confirming, setConfirming] = useState(false)
  const [typed, setTyped] = useState('')
  const anonymize = useAnonymizeClient()
  const inputRef = useRef<HTMLInputElement>(null)
  const openerRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (confirming) inputRef.current?.focus()
  }, [confirming])

  if (nivel === undefined || accessLevel(nivel, 'clients.delete') !== 'full') return null

  function cancel() {
    setConfirming(false)
    setTyped('')
    // Back to the button that opened it (rendered again below).
    requestAnimationFrame(() => openerRef.current?.focus())
  }

  function confirm() {
    if (typed !== ANONYMIZE_CONFIRMATION) return
    anonymize.mutate(client.id, {
      onSuccess: () => {
        toast.success(t('anonymize.success'), { description: t('anonymize.successDescription') })
        onDone()
      },
      onError: (error) => toast.error(t('anonymize.error'), { description: error.message }),
    })
  }

  return (
    <section
      aria-labelledby="anonymize-client-title"
      className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-3 text-sm"
    >
      <h3 id="anonymize-client-title" className="font-medium">
        {t('anonymize.title')}
      </h3>
      {!confirming ? (
        <>
          <p className="text-muted-foreground">{t('anonymize.description')}</p>
          <div>
            <Button
              ref={openerRef}
              type="button"
              variant="outline"
              className="border-destructive/60 text-destructive hover:bg-destructive/10 dark:text-red-300"
              aria-label={t('anonymize.actionLabel', { name: client.nomeCompleto })}
              onClick={() => setConfirming(true)}
            >
              <EyeOff aria-hidden />
              {t('anonymize.action')}
            </Button>
          </div>
        </>
      ) : (
        <div
          role="group"
          aria-labelledby="anonymize-confirm-title"
          aria-describedby="anonymize-confirm-warning"
          className="flex flex-col gap-3"
        >
          <p id="anonymize-confirm-title" className="font-semibold">
            {t('anonymize.dialogTitle')}
          </p>
          <p id="anonymize-confirm-warning" className="font-medium text-destructive dark:text-red-300">
            {t('anonymize.irreversible', { name: client.nomeCompleto })}
          </p>
          <p>{t('anonymize.kept')}</p>
          <FormField
            label={t('anonymize.confirmLabel', { word: ANONYMIZE_CONFIRMATION })}
            htmlFor="anonymize-confirmation"
          >
            <Input
              ref={inputRef}
              id="anonymize-confirmation"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                // Enter must not submit the client form around this section.
                if (event.key === 'Enter') {
                  event.preventDefault()
                  confirm()
                }
              }}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={cancel} disabled={anonymize.isPending}>
              {t('anonymize.cancel')}
            </Button>
            <Button
              type="button"
              variant="destructive"
              className={DESTRUCTIVE_CONTRAST}
              disabled={typed !== ANONYMIZE_CONFIRMATION || anonymize.isPending}
              onClick={confirm}
            >
              {anonymize.isPending ? t('anonymize.confirming') : t('anonymize.confirm')}
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
