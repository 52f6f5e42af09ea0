import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { AlertTriangle, Download, Trash2, Undo2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Separator } from '../../components/ui/separator'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { AccountDeletionDialog } from './account-deletion-dialog'
import type { DeletionStatus } from './privacy.schema'
import { DESTRUCTIVE_CONTRAST } from './privacy-ui'
import { downloadMyData, useDeletionRequest, useDeletionStatus } from './use-privacy'

/**
 * 'Privacidade (LGPD)' on /dashboard/settings: the user's own rights (Lei 13.709/2018, art. 18) —
 * download everything the platform holds about them, and delete the account with a 7-day grace period.
 */
export function PrivacyCard() {
  const { t } = useTranslation('privacy')
  return (
    <Card aria-labelledby="privacy-card-title">
      <CardHeader>
        <CardTitle>
          <h3 id="privacy-card-title" className="text-lg">
            {t('title')}
          </h3>
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ExportSection />
        <Separator />
        <DeletionSection />
      </CardContent>
    </Card>
  )
}

function ExportSection() {
  const { t } = useTranslation('privacy')
  const [downloading, setDownloading] = useState(false)

  async function download() {
    setDownloading(true)
    try {
      await downloadMyData()
      toast.success(t('export.success'), { description: t('export.successDescription') })
    } catch (error) {
      toast.error(t('export.error'), { description: error instanceof Error ? error.message : undefined })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section aria-labelledby="privacy-export-title" className="flex flex-col gap-3">
      <h4 id="privacy-export-title" className="font-medium">
        {t('export.title')}
      </h4>
      <p className="text-sm text-muted-foreground">{t('export.description')}</p>
      <div>
        <Button
          variant="outline"
          onClick={() => void download()}
          disabled={downloading}
          className="h-auto min-h-9 whitespace-normal"
        >
          <Download aria-hidden />
          {downloading ? t('export.preparing') : t('export.action')}
        </Button>
      </div>
    </section>
  )
}

function DeletionSection() {
  const { t } = useTranslation('privacy')
  const status = useDeletionStatus()

  return (
    <section aria-labelledby="privacy-deletion-title" className="flex flex-col gap-3">
      <h4 id="privacy-deletion-title" className="font-medium">
        {t('deletion.title')}
      </h4>
      {status.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">{t('deletion.loading')}</span>
          <Skeleton className="h-16 w-full" />
        </div>
      ) : status.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>{t('deletion.loadError')}</p>
          <p className="text-muted-foreground">{status.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
            {t('deletion.retry')}
          </Button>
        </div>
      ) : status.data.scheduledFor ? (
        <PendingDeletion scheduledFor={status.data.scheduledFor} />
      ) : (
        <RequestDeletion status={status.data} />
      )}
    </section>
  )
}

function PendingDeletion({ scheduledFor }: { scheduledFor: string }) {
  const { t } = useTranslation('privacy')
  const { cancel } = useDeletionRequest()
  const [date, time] = [formatDateBR(scheduledFor), formatDateTimeBR(scheduledFor).split(' ')[1] ?? '']

  function cancelDeletion() {
    cancel.mutate(undefined, {
      onSuccess: () =>
        toast.success(t('deletion.cancelled'), { description: t('deletion.cancelledDescription') }),
      onError: (error) => toast.error(t('deletion.cancelError'), { description: error.message }),
    })
  }

  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm"
    >
      <p className="flex items-start gap-2 font-medium">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span>
          {t('deletion.pendingTitle')}: {t('deletion.pending', { date, time })}
        </span>
      </p>
      <p className="text-muted-foreground">{t('deletion.pendingHint')}</p>
      <div>
        <Button onClick={cancelDeletion} disabled={cancel.isPending}>
          <Undo2 aria-hidden />
          {cancel.isPending ? t('deletion.cancelling') : t('deletion.cancel')}
        </Button>
      </div>
    </div>
  )
}

function RequestDeletion({ status }: { status: DeletionStatus }) {
  const { t } = useTranslation('privacy')
  const [open, setOpen] = useState(false)
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('deletion.description')}</p>
      {status.blockedBy && (
        <div role="note" className="rounded-lg border border-amber-500/60 bg-amber-500/10 p-4 text-sm">
          <p className="font-medium">{t('deletion.blockedTitle')}</p>
          <p>{status.blockedBy}</p>
        </div>
      )}
      <div>
        <Button
          variant="destructive"
          onClick={() => setOpen(true)}
          disabled={status.blockedBy !== null}
          className={`h-auto min-h-9 whitespace-normal ${DESTRUCTIVE_CONTRAST}`}
        >
          <Trash2 aria-hidden />
          {t('deletion.action')}
        </Button>
      </div>
      <AccountDeletionDialog open={open} onOpenChange={setOpen} status={status} />
    </>
  )
}
