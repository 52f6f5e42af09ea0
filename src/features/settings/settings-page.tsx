import { Suspense, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Separator } from '../../components/ui/separator'
import { Skeleton } from '../../components/ui/skeleton'
import { Switch } from '../../components/ui/switch'
import { Textarea } from '../../components/ui/textarea'
import { useTheme, type Theme } from '../../lib/theme'
import { ApiRequestError } from '../../lib/api-client'
import { UFS, UF_NAMES, type Uf } from '../../lib/br/uf'
import { changeLanguage, type Language } from '../../lib/i18n'
import { useSession } from '../auth/auth.public'
import { SubscriptionCard } from '../platform-billing/platform-billing.public'
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  SETTINGS_LANGUAGES,
  THEMES,
  settingsSchema,
  type SettingsData,
  type SettingsDto,
} from './settings.schema'
import { ActiveSessionsCard, SignInActivityCard } from './security-lists'
import { directoryCardSlot, privacyCardSlot } from './settings-slots'
import { TwoFactorCard } from './two-factor-card'
import { applyCompactMode, useSaveSettings, useSettings } from './use-settings'

const LANGUAGE_LABELS: Record<Language, string> = {
  'pt-BR': 'Português (Brasil)',
  en: 'English',
  es: 'Español',
}

function toData({ updatedAt: _updatedAt, ...data }: SettingsDto): SettingsData {
  return data
}

/** /dashboard/settings: the signed-in user's preferences (saved on the server) and account security. */
export function SettingsPage() {
  const { t } = useTranslation('settings')
  const settings = useSettings()
  const session = useSession()
  // The office requires 2FA (Configurações Avançadas) and this member has none yet: the API sends them here.
  const mustEnable2fa = Boolean(session.data?.office?.exige2fa && !session.data.user.twoFactorEnabled)

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 p-4 md:p-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('subtitle')}</p>
      </header>
      {mustEnable2fa && (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
          {t('twoFactorRequired')}
        </p>
      )}
      {settings.isPending ? (
        <SettingsSkeleton />
      ) : settings.isError ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle>{t('loadError')}</CardTitle>
            <CardDescription>{settings.error.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              {t('retry')}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </div>
  )
}

function SettingsSkeleton() {
  const { t } = useTranslation('settings')
  return (
    <div className="flex flex-col gap-6" role="status" aria-live="polite">
      <span className="sr-only">{t('loading')}</span>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-48 w-full rounded-xl" />
      ))}
    </div>
  )
}

function SettingsForm({ saved }: { saved: SettingsDto }) {
  const { t } = useTranslation('settings')
  const { data: me } = useSession()
  const { theme, setTheme } = useTheme()
  const save = useSaveSettings()
  const [edits, setEdits] = useState<Partial<SettingsData>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const isLawyer = me?.profile.userType === 'advogado'

  const base = useMemo(() => toData(saved), [saved])
  const current: SettingsData = { ...base, ...edits }
  const isDirty = (Object.keys(edits) as (keyof SettingsData)[]).some((key) => edits[key] !== base[key])

  const edit = <K extends keyof SettingsData>(key: K, value: SettingsData[K]) => {
    setEdits((previous) => ({ ...previous, [key]: value }))
    setErrors(({ [key]: _removed, ...rest }) => rest)
  }

  const fail = (error: Error) => {
    if (error instanceof ApiRequestError) setErrors(error.fields)
    toast.error(t('toasts.saveError'), { description: error.message })
  }

  // Appearance applies at once and is saved at once (on top of what is saved, not of unsaved edits).
  const saveAppearance = (patch: Partial<Pick<SettingsData, 'theme' | 'compactMode' | 'language'>>) => {
    setEdits(({ theme: _t, compactMode: _c, language: _l, ...rest }) => rest)
    save.mutate({ ...base, ...patch }, { onError: fail })
  }

  const onThemeChange = (value: string) => {
    const next = value as Theme
    setTheme(next)
    saveAppearance({ theme: next })
  }
  const onCompactChange = (compact: boolean) => {
    applyCompactMode(compact)
    saveAppearance({ compactMode: compact })
  }
  const onLanguageChange = (value: string) => {
    const language = value as Language
    void changeLanguage(language)
    saveAppearance({ language })
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = settingsSchema.safeParse(current)
    if (!parsed.success) {
      const fields: Record<string, string> = {}
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message
      setErrors(fields)
      toast.error(t('toasts.saveError'), { description: parsed.error.issues[0]?.message })
      return
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        setEdits({})
        setErrors({})
        toast.success(t('toasts.saved'), { description: t('toasts.savedDescription') })
      },
      onError: fail,
    })
  }

  const switchRow = (key: KeysOfType<SettingsData, boolean>, label: string, hint: string) => (
    <SwitchRow
      id={`settings-${key}`}
      label={label}
      hint={hint}
      checked={current[key]}
      onCheckedChange={(checked) => edit(key, checked)}
    />
  )

  return (
    <>
      <Section title={t('appearance.title')} description={t('appearance.description')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="settings-theme">{t('appearance.theme')}</Label>
            <Select value={theme} onValueChange={onThemeChange}>
              <SelectTrigger id="settings-theme">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {THEMES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(`appearance.themes.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="settings-language">{t('appearance.language')}</Label>
            <Select value={current.language} onValueChange={onLanguageChange}>
              <SelectTrigger id="settings-language">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SETTINGS_LANGUAGES.map((value) => (
                  <SelectItem key={value} value={value} lang={value}>
                    {LANGUAGE_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <SwitchRow
          id="settings-compactMode"
          label={t('appearance.compact')}
          hint={t('appearance.compactHint')}
          checked={current.compactMode}
          onCheckedChange={onCompactChange}
        />
      </Section>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label={t('title')}>
        <Section title={t('notifications.title')} description={t('notifications.description')}>
          {switchRow('notifyEmail', t('notifications.email'), t('notifications.emailHint'))}
          {switchRow('notifyPush', t('notifications.push'), t('notifications.pushHint'))}
          {isLawyer &&
            switchRow('notifyDeadlines', t('notifications.deadlines'), t('notifications.deadlinesHint'))}
          {isLawyer &&
            switchRow('notifyNewClients', t('notifications.newClients'), t('notifications.newClientsHint'))}
          {switchRow(
            'notifyWeeklyReports',
            t('notifications.weeklyReports'),
            t('notifications.weeklyReportsHint'),
          )}
        </Section>

        <Section title={t('profile.title')} description={t('profile.description')}>
          <FormField
            label={t('profile.displayName')}
            htmlFor="settings-displayName"
            description={t('profile.displayNameHint')}
            error={errors.displayName}
          >
            <Input
              id="settings-displayName"
              value={current.displayName ?? ''}
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="nickname"
              placeholder={me?.profile.nomeCompleto}
              onChange={(event) => edit('displayName', event.target.value)}
            />
          </FormField>
          <FormField
            label={t('profile.bio')}
            htmlFor="settings-bio"
            description={t('profile.bioCounter', { count: (current.bio ?? '').length, max: BIO_MAX })}
            error={errors.bio}
          >
            <Textarea
              id="settings-bio"
              rows={4}
              value={current.bio ?? ''}
              maxLength={BIO_MAX}
              onChange={(event) => edit('bio', event.target.value)}
            />
          </FormField>
        </Section>

        <Section title={t('privacy.title')} description={t('privacy.description')}>
          {switchRow('dataSharing', t('privacy.dataSharing'), t('privacy.dataSharingHint'))}
        </Section>

        {isLawyer && (
          <Section title={t('professional.title')} description={t('professional.description')}>
            {switchRow(
              'digitalSignature',
              t('professional.digitalSignature'),
              t('professional.digitalSignatureHint'),
            )}
            {switchRow(
              'oabIntegration',
              t('professional.oabIntegration'),
              t('professional.oabIntegrationHint'),
            )}
            <FormField
              label={t('professional.oabEstado')}
              htmlFor="settings-oabEstado"
              error={errors.oabEstado}
            >
              <Select
                value={current.oabEstado ?? ''}
                onValueChange={(value) => edit('oabEstado', value as Uf)}
              >
                <SelectTrigger id="settings-oabEstado" className="sm:max-w-xs">
                  <SelectValue placeholder={t('professional.oabEstadoPlaceholder')} />
                </SelectTrigger>
                <SelectContent className="max-h-60">
                  {UFS.map((uf) => (
                    <SelectItem key={uf} value={uf}>
                      {uf} — {UF_NAMES[uf]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </Section>
        )}

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-end md:-mx-6 md:px-6">
          {isDirty && <p className="text-sm text-muted-foreground sm:mr-auto">{t('actions.unsaved')}</p>}
          <Button
            type="button"
            variant="outline"
            disabled={!isDirty || save.isPending}
            onClick={() => {
              setEdits({})
              setErrors({})
            }}
          >
            {t('actions.discard')}
          </Button>
          <Button type="submit" disabled={!isDirty || save.isPending}>
            {save.isPending ? t('actions.saving') : t('actions.save')}
          </Button>
        </div>
      </form>

      {/* 'Perfil público' lives here since issue 13: it saves at once and hides the lawyer everywhere. */}
      <directoryCardSlot.Slot />

      {/* The office's platform subscription (issue 14): every member sees it, sócios act on it. */}
      <Suspense fallback={null}>
        <SubscriptionCard />
      </Suspense>

      <section aria-labelledby="security-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="security-heading" className="text-xl font-semibold">
            {t('security.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('security.description')}</p>
        </div>
        <TwoFactorCard />
        <ActiveSessionsCard />
        <SignInActivityCard />
        <privacyCardSlot.Slot />
      </section>
    </>
  )
}

type KeysOfType<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T]

function Section({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  )
}

function SwitchRow({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  id: string
  label: string
  hint: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  return (
    <>
      <Separator className="first:hidden" />
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={id}>{label}</Label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        </div>
        <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-hint`} />
      </div>
    </>
  )
}
