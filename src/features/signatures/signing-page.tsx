import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, ExternalLink, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Spinner } from '../../components/ui/spinner'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { maskCpfInput } from '../../lib/br/cpf'
import { AuthShell } from '../auth/auth.public'
import type { PublicSigningInfo } from './signatures.schema'
import {
  getSigningLinkQueryOptions,
  refuseDocument,
  sendSigningCode,
  signDocument,
  signatureKeys,
  signingFileUrl,
} from './use-signatures'

/**
 * /assinar/:token — the signer's page (no account): the document, a code sent to their e-mail, full name,
 * CPF and consent, then 'Assinar'. Every end state (signed, expired, locked, refused, cancelled) says so.
 */
export function SigningPage() {
  const { t } = useTranslation('signatures')
  const { token = '' } = useParams()
  const link = useQuery(getSigningLinkQueryOptions(token))

  if (link.isPending) {
    return (
      <AuthShell title={t('sign.title')}>
        <div className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
          <Spinner label={t('sign.loading')} />
          <span aria-hidden>{t('sign.loading')}</span>
        </div>
      </AuthShell>
    )
  }
  if (link.isError) {
    return (
      <AuthShell title={t('sign.invalid')}>
        <p role="alert" className="text-sm text-muted-foreground">
          {link.error.message}
        </p>
      </AuthShell>
    )
  }
  const info = link.data
  return (
    <AuthShell title={t('sign.title')} description={info.documentName}>
      {info.state === 'pendente' ? <SigningForm token={token} info={info} /> : <EndState info={info} />}
    </AuthShell>
  )
}

function EndState({ info }: { info: PublicSigningInfo }) {
  const { t } = useTranslation('signatures')
  const state = info.state as Exclude<PublicSigningInfo['state'], 'pendente'>
  const good = state === 'assinado'
  return (
    <div className="grid gap-3 text-center" role="status" data-testid="signing-state">
      {good ? (
        <CircleCheck aria-hidden className="mx-auto size-10 text-success-strong" />
      ) : (
        <TriangleAlert aria-hidden className="mx-auto size-10 text-destructive" />
      )}
      <h2 className="text-lg font-semibold">{t(`sign.state.${state}`)}</h2>
      <p className="text-sm text-muted-foreground">{t(`sign.state.${state}Text`)}</p>
    </div>
  )
}

function SigningForm({ token, info }: { token: string; info: PublicSigningInfo }) {
  const { t } = useTranslation('signatures')
  const queryClient = useQueryClient()
  const [codeSent, setCodeSent] = useState(info.codeSent)
  const [sending, setSending] = useState(false)
  const [signing, setSigning] = useState(false)
  const [code, setCode] = useState('')
  const [fullName, setFullName] = useState(info.signerName)
  const [cpf, setCpf] = useState('')
  const [consent, setConsent] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [refusing, setRefusing] = useState(false)
  const [reason, setReason] = useState('')
  const refresh = () => queryClient.invalidateQueries({ queryKey: signatureKeys.link(token) })

  const requestCode = async () => {
    setSending(true)
    try {
      await sendSigningCode(token)
      setCodeSent(true)
      toast.success(t('sign.codeSent', { email: info.maskedEmail }))
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e))
      await refresh()
    } finally {
      setSending(false)
    }
  }

  const sign = async (event: React.FormEvent) => {
    event.preventDefault()
    setSigning(true)
    setErrors({})
    setError(null)
    try {
      await signDocument(token, { code, fullName, cpf, consent: consent as true })
      await refresh()
    } catch (e) {
      if (e instanceof ApiRequestError) {
        setErrors(e.fields)
        setError(e.message)
        // Locked, expired or cancelled meanwhile: the page switches to that state.
        if (e.status === 423 || e.status === 410 || e.status === 409) await refresh()
      } else setError(String(e))
    } finally {
      setSigning(false)
    }
  }

  const refuse = async () => {
    try {
      await refuseDocument(token, reason || undefined)
      await refresh()
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <div className="grid gap-5">
      <p className="text-sm">{t('sign.intro', { office: info.officeName, name: info.signerName })}</p>
      {info.message && (
        <blockquote className="border-l-2 pl-3 text-sm text-muted-foreground">
          <span className="sr-only">{t('sign.messageFrom')}: </span>
          {info.message}
        </blockquote>
      )}
      <div className="grid gap-2">
        {/* A link, not an iframe: the app forbids framing (X-Frame-Options), and phones show PDFs full screen. */}
        <Button variant="outline" asChild>
          <a href={signingFileUrl(token)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            {t('sign.open')}
          </a>
        </Button>
      </div>

      <section className="grid gap-2" aria-labelledby="sign-step1">
        <h2 id="sign-step1" className="font-semibold">
          {t('sign.step1')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('sign.codeInfo', { email: info.maskedEmail })}</p>
        <Button
          type="button"
          variant={codeSent ? 'outline' : 'default'}
          disabled={sending}
          onClick={requestCode}
        >
          {codeSent ? t('sign.resendCode') : t('sign.sendCode')}
        </Button>
      </section>

      <form className="grid gap-3" onSubmit={sign} aria-labelledby="sign-step2" noValidate>
        <h2 id="sign-step2" className="font-semibold">
          {t('sign.step2')}
        </h2>
        <FormField label={t('sign.code')} htmlFor="sign-code" error={errors['code']}>
          <Input
            id="sign-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        </FormField>
        <FormField label={t('sign.fullName')} htmlFor="sign-name" error={errors['fullName']}>
          <Input
            id="sign-name"
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
          />
        </FormField>
        <FormField label={t('sign.cpf')} htmlFor="sign-cpf" error={errors['cpf']}>
          <Input
            id="sign-cpf"
            inputMode="numeric"
            value={cpf}
            onChange={(e) => setCpf(maskCpfInput(e.target.value))}
          />
        </FormField>
        <div className="flex items-start gap-2">
          <Checkbox id="sign-consent" checked={consent} onCheckedChange={(v) => setConsent(v === true)} />
          <Label htmlFor="sign-consent" className="leading-snug">
            {t('sign.consent')}
          </Label>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" disabled={signing || !consent || code.length !== 6}>
          {signing ? t('sign.signing') : t('sign.submit')}
        </Button>
        <p className="text-xs text-muted-foreground">{t('sign.legal')}</p>
      </form>

      <div className="grid gap-2 border-t pt-3">
        {refusing ? (
          <>
            <p className="text-sm">{t('sign.refuseConfirm')}</p>
            <FormField label={t('sign.refuseReason')} htmlFor="sign-refuse-reason">
              <Textarea
                id="sign-refuse-reason"
                maxLength={1000}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </FormField>
            <Button type="button" variant="destructive" onClick={refuse}>
              {t('sign.refuseSubmit')}
            </Button>
          </>
        ) : (
          <Button type="button" variant="ghost" onClick={() => setRefusing(true)}>
            {t('sign.refuse')}
          </Button>
        )}
      </div>
    </div>
  )
}
