import { useEffect, useState, type FormEvent } from 'react'
import { RotateCcw, Save, Send, ShieldAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateTimeBR } from '../../lib/br/dates'
import { cn } from '../../lib/utils'
import { useSession } from '../auth/auth.public'
import type { OfficeSettingsDto, SmtpTestResult } from './office-settings.schema'
import { Section, type SectionProps } from './settings-fields'
import { formFromDto, inputFromForm, type SetField, type SettingsForm } from './settings-form'
import {
  BackupSection,
  NotificationsSection,
  OfficeSection,
  SecuritySection,
  SmtpFields,
} from './settings-sections'
import {
  useAgendaWarning,
  useOfficeSettings,
  useRestoreOfficeSettings,
  useSaveOfficeSettings,
  useTestSmtp,
} from './use-office-settings'

/**
 * /dashboard/advanced-settings — Configurações Avançadas of the current office, for its sócios (the server
 * answers 403 to anyone else; the page spares them the request). Every setting is acted on by the server.
 */
export function AdvancedSettingsPage() {
  const { t } = useTranslation('office-settings')
  const session = useSession()
  const office = session.data?.office ?? null
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      {session.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : office?.nivelAcesso === 'socio' ? (
        <SettingsLoader key={office.id} />
      ) : (
        <EmptyState icon={<ShieldAlert />} title={office ? t('sociosOnly') : t('noOffice')} />
      )}
    </div>
  )
}

function SettingsLoader() {
  const { t } = useTranslation('office-settings')
  const settings = useOfficeSettings(true)
  const agenda = useAgendaWarning(true)
  if (settings.isError || agenda.isError)
    return (
      <EmptyState
        icon={<ShieldAlert />}
        title={t('loadError')}
        description={(settings.error ?? agenda.error)?.message}
        action={
          <Button variant="outline" onClick={() => void Promise.all([settings.refetch(), agenda.refetch()])}>
            {t('retry')}
          </Button>
        }
      />
    )
  if (!settings.data || !agenda.data)
    return (
      <div className="grid gap-6" aria-busy="true">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-48 w-full" />
        ))}
      </div>
    )
  return <SettingsEditor dto={settings.data} prazo={agenda.data} />
}

function SettingsEditor({
  dto,
  prazo,
}: {
  dto: OfficeSettingsDto
  prazo: { prazoAvisoDias: number; editable: boolean }
}) {
  const { t } = useTranslation('office-settings')
  const [form, setForm] = useState<SettingsForm>(() => formFromDto(dto, prazo.prazoAvisoDias))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveOfficeSettings()
  const restore = useRestoreOfficeSettings()
  // A save or a restore answers with the stored settings: the form shows exactly what is kept.
  useEffect(() => setForm(formFromDto(dto, prazo.prazoAvisoDias)), [dto, prazo.prazoAvisoDias])
  const set: SetField = (key, value) => {
    setForm((current) => ({ ...current, [key]: value }))
    setErrors((current) => (key in current ? { ...current, [key]: '' } : current))
  }
  const dirty = JSON.stringify(form) !== JSON.stringify(formFromDto(dto, prazo.prazoAvisoDias))

  const submit = async (): Promise<boolean> => {
    setErrors({})
    const dias = Number(form.prazoAvisoDias)
    try {
      await save.mutateAsync({
        values: inputFromForm(form),
        prazoAvisoDias: prazo.editable && dias !== prazo.prazoAvisoDias ? dias : undefined,
      })
      return true
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields.prazoAvisoDias ? { ...error.fields } : error.fields)
        toast.error(t('fixErrors'))
        const first = Object.keys(error.fields)[0]
        document.getElementById(`setting-${first === 'prazoAvisoDias' ? 'prazoAvisoDias' : first}`)?.focus()
      } else toast.error((error as Error).message)
      return false
    }
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (await submit()) toast.success(t('saved'))
  }
  const sectionProps: SectionProps = { form, set, errors }

  return (
    <form className="grid gap-6" onSubmit={(event) => void onSubmit(event)} noValidate>
      <SecuritySection {...sectionProps} />
      <NotificationsSection {...sectionProps} />
      <BackupSection {...sectionProps} />
      <Section id="smtp" title={t('smtp.title')} description={t('smtp.description')}>
        <SmtpFields {...sectionProps} passwordSet={dto.smtpPasswordSet} />
        <SmtpTest beforeTest={async () => !dirty || (await submit())} />
      </Section>
      <OfficeSection {...sectionProps} prazoEditable={prazo.editable} />
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col-reverse gap-3 border-t bg-background/95 px-4 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-between md:-mx-6 md:px-6">
        <p className="text-sm text-muted-foreground" data-testid="settings-saved-at">
          {dto.updatedAt ? t('lastSaved', { when: formatDateTimeBR(dto.updatedAt) }) : t('neverSaved')}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button type="button" variant="outline" disabled={restore.isPending}>
                <RotateCcw aria-hidden />
                {t('restore')}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t('restoreTitle')}</AlertDialogTitle>
                <AlertDialogDescription>{t('restoreDescription')}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t('cancel')}</AlertDialogCancel>
                <AlertDialogAction
                  onClick={() =>
                    restore.mutate(undefined, {
                      onSuccess: () => {
                        setErrors({})
                        toast.success(t('restored'))
                      },
                      onError: (error) => toast.error(error.message),
                    })
                  }
                >
                  {t('restoreConfirm')}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
          <Button type="submit" disabled={save.isPending}>
            <Save aria-hidden />
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </div>
      </div>
    </form>
  )
}

/** 'Testar': saves pending changes first, then sends through the saved server and shows the outcome. */
function SmtpTest({ beforeTest }: { beforeTest: () => Promise<boolean> }) {
  const { t } = useTranslation('office-settings')
  const test = useTestSmtp()
  const [result, setResult] = useState<SmtpTestResult | null>(null)
  const run = async () => {
    setResult(null)
    if (!(await beforeTest())) return
    test.mutate(undefined, { onSuccess: setResult, onError: (error) => toast.error(error.message) })
  }
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => void run()}
        disabled={test.isPending}
      >
        <Send aria-hidden />
        {test.isPending ? t('smtp.testing') : t('smtp.test')}
      </Button>
      <p
        role="status"
        data-testid="smtp-test-result"
        className={cn(
          'text-sm break-words',
          result?.ok ? 'text-success-strong dark:text-success' : 'text-destructive',
        )}
      >
        {result
          ? result.ok
            ? t('smtp.outcomes.sent')
            : t('smtp.testFailed', {
                response: t(`smtp.outcomes.${result.outcome}`, { defaultValue: result.response }),
                interpolation: { escapeValue: false },
              })
          : null}
      </p>
    </div>
  )
}
