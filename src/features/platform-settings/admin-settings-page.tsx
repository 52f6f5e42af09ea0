import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { toast } from 'sonner'
import { Activity, DollarSign, HardDrive, Users } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { PageSpinner } from '../../components/page-spinner'
import { AdminFrame } from '../../components/admin-frame'
import { ApiRequestError } from '../../lib/api-client'
import { formatBRL } from '../../lib/br/money'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { AdminSettingsSections } from './admin-settings-sections'
import type { PlatformForm } from './admin-settings-fields'
import {
  platformSettingsInput,
  type PlatformSettingsDto,
  type PlatformStatusCards,
} from './platform-settings.schema'
import { usePlatformSettings, usePlatformStatus, useSavePlatformSettings } from './use-platform-settings'

/** /admin/settings: superadmin only (the server refuses anyone else; here others go to /dashboard). */
export function AdminSettingsPage() {
  const { t } = useTranslation('platform-settings')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminSettings />
}

function toForm(dto: PlatformSettingsDto): PlatformForm {
  return {
    ...dto,
    baseUrl: dto.baseUrl ?? '',
    smtpHost: dto.smtpHost ?? '',
    smtpUser: dto.smtpUser ?? '',
    smtpFrom: dto.smtpFrom ?? '',
    smtpPassword: '',
    smtpPort: String(dto.smtpPort),
    monthlyPrice: dto.monthlyPrice.replace('.', ','),
    trialDays: String(dto.trialDays),
    annualDiscount: String(dto.annualDiscount),
    sessionTimeoutMin: String(dto.sessionTimeoutMin),
    loginAttempts: String(dto.loginAttempts),
    pixKeyType: dto.pixKeyType ?? '',
    pixKey: dto.pixKey ?? '',
    pixMerchantName: dto.pixMerchantName ?? '',
    pixMerchantCity: dto.pixMerchantCity ?? '',
    billingGraceDays: String(dto.billingGraceDays ?? 10),
    publicationsCapture: dto.publicationsCapture ?? true,
  }
}

/** The PUT body: an empty password field keeps the stored password. */
function toInput(form: PlatformForm) {
  const { smtpPassword, pixKeyType, ...rest } = form
  const body = { ...rest, pixKeyType: pixKeyType || null }
  return smtpPassword ? { ...body, smtpPassword } : body
}

function AdminSettings() {
  const { t } = useTranslation('platform-settings')
  const settings = usePlatformSettings()
  const save = useSavePlatformSettings()
  const [form, setForm] = useState<PlatformForm | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    if (settings.data && !form) setForm(toForm(settings.data))
  }, [settings.data, form])

  const set = <K extends keyof PlatformForm>(field: K, value: PlatformForm[K]) => {
    setForm((current) => (current ? { ...current, [field]: value } : current))
    setErrors(({ [field]: _gone, ...rest }) => rest)
  }

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!form) return
    const parsed = platformSettingsInput.safeParse(toInput(form))
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '')
        fieldErrors[key] ??= issue.message
      }
      setErrors(fieldErrors)
      toast.error(t('toast.invalid'), { description: Object.values(fieldErrors)[0] })
      return
    }
    try {
      const dto = await save.mutateAsync(toInput(form))
      setForm(toForm(dto))
      toast.success(t('toast.saved'))
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields)
      toast.error(t('toast.saveError'), {
        description: error instanceof ApiRequestError ? error.message : t('toast.tryLater'),
      })
    }
  }

  return (
    <AdminFrame title={t('title')} subtitle={t('subtitle')}>
      <StatusCards />
      {settings.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-md border p-4">
          <p>{t('loadError')}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !form ? (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-64 w-full" />
          ))}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('formLabel')}>
          <AdminSettingsSections
            form={form}
            set={set}
            errors={errors}
            saving={save.isPending}
            passwordSet={settings.data?.smtpPasswordSet ?? false}
            defaultBaseUrl={settings.data?.defaultBaseUrl ?? ''}
            onSave={() => void onSubmit()}
          />
        </form>
      )}
    </AdminFrame>
  )
}

function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`
}

function StatusCards() {
  const { t } = useTranslation('platform-settings')
  const status = usePlatformStatus()
  const data: PlatformStatusCards | undefined = status.data
  const cards = [
    {
      id: 'status',
      icon: Activity,
      title: t('cards.status'),
      value: data ? t(`cards.level.${data.status.level}`) : null,
      hint: data ? t('cards.alerts', { count: data.status.activeAlerts }) : '',
    },
    {
      id: 'users',
      icon: Users,
      title: t('cards.activeUsers'),
      value: data ? String(data.activeUsers.lastFiveMinutes) : null,
      hint: data ? t('cards.activeToday', { count: data.activeUsers.today }) : '',
    },
    {
      id: 'storage',
      icon: HardDrive,
      title: t('cards.storage'),
      value: data ? formatBytes(data.storage.filesBytes + data.storage.databaseBytes) : null,
      hint: data
        ? t('cards.storageSplit', {
            files: formatBytes(data.storage.filesBytes),
            database: formatBytes(data.storage.databaseBytes),
          })
        : '',
    },
    {
      id: 'revenue',
      icon: DollarSign,
      title: t('cards.revenue'),
      value: data ? formatBRL(data.monthlyRevenue.amount) : null,
      hint: data && !data.monthlyRevenue.subscriptionsAvailable ? t('cards.revenueHint') : '',
    },
  ]
  return (
    <section aria-label={t('cards.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ id, icon: Icon, title, value, hint }) => (
        <Card key={id} data-testid={`card-${id}`}>
          <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
            <CardTitle className="text-sm font-medium">{title}</CardTitle>
            <Icon aria-hidden className="size-4 text-muted-foreground" />
          </CardHeader>
          <CardContent>
            {status.isError ? (
              <p className="text-sm text-destructive">{t('cards.error')}</p>
            ) : value === null ? (
              <Skeleton className="h-8 w-24" />
            ) : (
              <>
                <p className="text-2xl font-bold">{value}</p>
                <p className="text-xs text-muted-foreground">{hint}</p>
              </>
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
