import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { CheckCircle2, Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { SUCCESS_TEXT } from './badge-text'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
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
import { Skeleton } from '../../components/ui/skeleton'
import { useSession } from '../auth/auth.public'
import { useTwoFactor, type TwoFactorEnrolment } from './use-settings'

type Flow = 'enable' | 'disable' | 'regenerate'

/**
 * TOTP two-factor authentication: enrol (password → QR + code → backup codes), disable, new backup codes.
 * `enabled` is for a screen whose account has no /api/me (the Portal do Cliente's client): it reads the state
 * itself, under a query key starting with 'me' so the refresh after a change reaches it.
 */
export function TwoFactorCard({ enabled: enabledProp }: { enabled?: boolean } = {}) {
  const { t } = useTranslation('settings')
  const { real } = useSession()
  const [flow, setFlow] = useState<Flow | null>(null)
  const enabled = enabledProp ?? real?.user.twoFactorEnabled ?? false

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg">{t('twoFactor.title')}</h3>
          <Badge variant={enabled ? 'success' : 'secondary'} className={SUCCESS_TEXT}>
            {enabled ? t('twoFactor.enabled') : t('twoFactor.disabled')}
          </Badge>
        </CardTitle>
        <CardDescription>{t('twoFactor.description')}</CardDescription>
      </CardHeader>
      {/* Long labels wrap on a 375px phone instead of overflowing the card. */}
      <CardContent className="flex flex-col gap-2 sm:flex-row sm:flex-wrap [&_button]:h-auto [&_button]:min-h-9 [&_button]:whitespace-normal">
        {enabled ? (
          <>
            <Button variant="outline" onClick={() => setFlow('regenerate')}>
              {t('twoFactor.regenerate')}
            </Button>
            <Button variant="destructive" onClick={() => setFlow('disable')}>
              <ShieldOff aria-hidden />
              {t('twoFactor.disable')}
            </Button>
          </>
        ) : (
          <Button onClick={() => setFlow('enable')}>
            <ShieldCheck aria-hidden />
            {t('twoFactor.enable')}
          </Button>
        )}
      </CardContent>
      <Dialog open={flow !== null} onOpenChange={(open) => !open && setFlow(null)}>
        {flow && <TwoFactorDialog flow={flow} onDone={() => setFlow(null)} />}
      </Dialog>
    </Card>
  )
}

type Step =
  { name: 'password' } | { name: 'scan'; enrolment: TwoFactorEnrolment } | { name: 'codes'; codes: string[] }

function TwoFactorDialog({ flow, onDone }: { flow: Flow; onDone: () => void }) {
  const { t } = useTranslation('settings')
  const twoFactor = useTwoFactor()
  const [step, setStep] = useState<Step>({ name: 'password' })
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()

  const title =
    step.name === 'codes'
      ? t('twoFactor.backupTitle')
      : flow === 'enable'
        ? t('twoFactor.enrolTitle')
        : flow === 'disable'
          ? t('twoFactor.disableTitle')
          : t('twoFactor.regenerateTitle')

  const pending =
    twoFactor.enable.isPending || twoFactor.disable.isPending || twoFactor.regenerateBackupCodes.isPending

  const onPassword = (event: React.FormEvent) => {
    event.preventDefault()
    if (!password) return setError(t('twoFactor.passwordRequired'))
    setError(undefined)
    const onError = (failure: Error) => setError(failure.message)
    if (flow === 'enable')
      twoFactor.enable.mutate(password, {
        onSuccess: (enrolment) => setStep({ name: 'scan', enrolment }),
        onError,
      })
    else if (flow === 'disable')
      twoFactor.disable.mutate(password, {
        onSuccess: () => {
          toast.success(t('twoFactor.disabledToast'))
          onDone()
        },
        onError,
      })
    else
      twoFactor.regenerateBackupCodes.mutate(password, {
        onSuccess: ({ backupCodes }) => setStep({ name: 'codes', codes: backupCodes }),
        onError,
      })
  }

  return (
    <DialogContent
      // The backup codes are shown once: don't let a stray click outside close them.
      onInteractOutside={(event) => step.name === 'codes' && event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {step.name === 'password'
            ? flow === 'disable'
              ? t('twoFactor.disableWarning')
              : flow === 'regenerate'
                ? t('twoFactor.regenerateWarning')
                : t('twoFactor.passwordHint')
            : step.name === 'scan'
              ? t('twoFactor.scanStep')
              : t('twoFactor.backupHint')}
        </DialogDescription>
      </DialogHeader>
      {step.name === 'password' && (
        <form onSubmit={onPassword} noValidate className="flex flex-col gap-4">
          <FormField label={t('twoFactor.passwordLabel')} htmlFor="two-factor-password" error={error}>
            <Input
              id="two-factor-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onDone}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" variant={flow === 'disable' ? 'destructive' : 'default'} disabled={pending}>
              {pending
                ? t('twoFactor.working')
                : flow === 'disable'
                  ? t('twoFactor.disable')
                  : t('twoFactor.continue')}
            </Button>
          </DialogFooter>
        </form>
      )}
      {step.name === 'scan' && (
        <ScanStep
          enrolment={step.enrolment}
          onVerified={() => {
            toast.success(t('twoFactor.enabledToast'))
            setStep({ name: 'codes', codes: step.enrolment.backupCodes })
          }}
          onCancel={onDone}
        />
      )}
      {step.name === 'codes' && <BackupCodes codes={step.codes} onDone={onDone} />}
    </DialogContent>
  )
}

function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? ''
  } catch {
    return ''
  }
}

function ScanStep({
  enrolment,
  onVerified,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment
  onVerified: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation('settings')
  const { verify } = useTwoFactor()
  const [qr, setQr] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const secret = secretOf(enrolment.totpURI)

  useEffect(() => {
    let active = true
    // qrcode (~25 KB) is only downloaded by someone actually enrolling.
    void import('qrcode')
      .then((module) => module.toDataURL(enrolment.totpURI, { margin: 1, width: 200 }))
      .then((url) => active && setQr(url))
      .catch(() => active && setQr(''))
    return () => {
      active = false
    }
  }, [enrolment.totpURI])

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!/^\d{6}$/.test(code)) return setError(t('twoFactor.codeInvalid'))
    setError(undefined)
    verify.mutate(code, { onSuccess: onVerified, onError: (failure) => setError(failure.message) })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex justify-center">
        {qr === null ? (
          <Skeleton className="size-[200px]" />
        ) : qr ? (
          <img src={qr} alt={t('twoFactor.qrAlt')} width={200} height={200} className="rounded-md bg-white" />
        ) : null}
      </div>
      <div className="grid gap-1 text-center">
        <span className="text-sm text-muted-foreground">{t('twoFactor.manualKey')}</span>
        <code data-testid="totp-secret" className="font-mono text-sm break-all select-all">
          {secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </code>
      </div>
      <FormField
        label={t('twoFactor.codeLabel')}
        htmlFor="two-factor-code"
        description={t('twoFactor.codeHint')}
        error={error}
      >
        <Input
          id="two-factor-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          pattern="\d{6}"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? t('twoFactor.verifying') : t('twoFactor.verify')}
        </Button>
      </DialogFooter>
    </form>
  )
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('settings')
  const text = codes.join('\n')

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(t('twoFactor.copied'))
    } catch {
      toast.error(t('twoFactor.copyFailed'))
    }
  }
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t('twoFactor.backupFileHeader')}\n\n${text}\n`], { type: 'text/plain' }),
    )
    const link = document.createElement('a')
    link.href = url
    link.download = 'jusconecta-codigos-de-backup.txt'
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label={t('twoFactor.backupTitle')}
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t('twoFactor.copy')}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden />
          {t('twoFactor.download')}
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          <CheckCircle2 aria-hidden />
          {t('twoFactor.done')}
        </Button>
      </DialogFooter>
    </div>
  )
}
