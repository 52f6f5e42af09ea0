import { useId, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { BadgeCheckIcon } from 'lucide-react'
import { toast } from 'sonner'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import { uploadFile } from '../documents/documents.public'
import { OAB_FILE_MAX_BYTES, NETWORK_MESSAGES, type VerificationState } from './network.schema'
import { networkKeys, useVerification } from './use-network'

const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf'
const BADGES = {
  none: 'secondary',
  pendente: 'warning',
  aprovada: 'success',
  rejeitada: 'destructive',
} as const

/**
 * 'Verificação da OAB' on the lawyer's own profile (issue 13): the state of their latest request
 * (pendente / aprovada / rejeitada with the reason) and the upload of the card, again after a rejection.
 * No <form>: it lives inside the profile's edit form.
 */
export function OabVerificationCard() {
  const { t } = useTranslation('network')
  const queryClient = useQueryClient()
  const verification = useVerification()
  const fileRef = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | undefined>()
  const [progress, setProgress] = useState<number | null>(null)
  const fileId = useId()
  const headingId = useId()

  async function send() {
    const file = fileRef.current?.files?.[0]
    if (!file) return setError(t('verification.chooseFile'))
    if (file.size > OAB_FILE_MAX_BYTES) return setError(NETWORK_MESSAGES.fileTooLarge)
    setError(undefined)
    setProgress(0)
    try {
      const state = await uploadFile<VerificationState>('/api/network/verification', file, setProgress).result
      queryClient.setQueryData(networkKeys.verification(), state)
      toast.success(t('verification.sent'))
      if (fileRef.current) fileRef.current.value = ''
    } catch (failure) {
      const message = failure instanceof ApiRequestError ? failure.message : undefined
      setError(message)
      toast.error(t('verification.error'), { description: message })
    } finally {
      setProgress(null)
    }
  }

  const data = verification.data
  const request = data?.request ?? null
  const statusKey = data?.verifiedAt ? 'aprovada' : (request?.status ?? 'none')
  const canSend = data !== undefined && !data.verifiedAt && request?.status !== 'pendente'

  return (
    <Card role="region" aria-labelledby={headingId} data-network="verification">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold">
            {t('verification.title')}
          </h2>
          {data && (
            <Badge variant={BADGES[statusKey]}>
              {statusKey === 'aprovada' && <BadgeCheckIcon aria-hidden />}
              {t(`verification.status.${statusKey}`)}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>{t('verification.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {verification.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t('verification.loadError')}
          </p>
        )}
        {data?.verifiedAt && (
          <p className="text-sm">{t('verification.approvedText', { date: formatDateBR(data.verifiedAt) })}</p>
        )}
        {!data?.verifiedAt && request?.status === 'pendente' && (
          <p className="text-sm">{t('verification.pendingText')}</p>
        )}
        {!data?.verifiedAt && request?.status === 'rejeitada' && (
          <p className="text-sm text-destructive">
            {t('verification.rejectedText', { motivo: request.motivo ?? '' })}
          </p>
        )}
        {request && (
          <a
            href={`/api/network/verification/${request.id}/file`}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('verification.viewFile')}
          </a>
        )}
        {canSend && (
          <div className="grid gap-3">
            <FormField label={t('verification.file')} htmlFor={fileId} error={error}>
              <Input id={fileId} ref={fileRef} type="file" accept={ACCEPT} />
            </FormField>
            <div>
              <Button type="button" disabled={progress !== null} onClick={() => void send()}>
                {progress !== null
                  ? `${t('verification.sending')} ${Math.round(progress * 100)}%`
                  : request?.status === 'rejeitada'
                    ? t('verification.again')
                    : t('verification.send')}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
