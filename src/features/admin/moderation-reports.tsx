import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Eye, Flag, Gavel } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Label } from '../../components/ui/label'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { Textarea } from '../../components/ui/textarea'
import { formatDateTimeBR } from '../../lib/br/dates'
import { StatusBadge, TabSkeleton } from './moderation-shared'
import { useBlockUser, useCloseJob, useOpenReports, useResolveReport } from './use-admin-moderation'

type ReportRow = NonNullable<ReturnType<typeof useOpenReports>['data']>['items'][number]

/**
 * Denúncias: open reports on profiles, reviews and jobs. Resolving records the decision and may act on
 * the content: hide the review, close the job, or block the profile's owner.
 */
export function ReportsTab() {
  const { t } = useTranslation('admin-moderation')
  const reports = useOpenReports()
  const [viewing, setViewing] = useState<ReportRow | null>(null)
  const [resolving, setResolving] = useState<ReportRow | null>(null)

  if (reports.isPending) return <TabSkeleton />
  const rows = reports.data?.items ?? []
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<Flag />}
        title={reports.isError ? t('loadError') : t('reports.empty')}
        description={reports.isError ? t('tryLater') : undefined}
      />
    )
  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('columns.content')}</TableHead>
            <TableHead>{t('columns.reason')}</TableHead>
            <TableHead>{t('columns.reporter')}</TableHead>
            <TableHead>{t('columns.sentAt')}</TableHead>
            <TableHead>{t('columns.status')}</TableHead>
            <TableHead className="text-right">{t('columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="report-row">
              <TableCell>
                <span className="block text-xs text-muted-foreground">
                  {t(`reports.targetTypes.${row.targetType}`)}
                </span>
                <span className="font-medium">{row.target?.title ?? t('reports.targetGone')}</span>
              </TableCell>
              <TableCell className="max-w-64 break-words">{row.motivo}</TableCell>
              <TableCell>{row.reporterName ?? t('reports.anonymous')}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTimeBR(row.createdAt)}</TableCell>
              <TableCell>
                <StatusBadge done={false} />
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${t('reports.view')}: ${row.target?.title ?? ''}`}
                    onClick={() => setViewing(row)}
                  >
                    <Eye aria-hidden />
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setResolving(row)}>
                    <Gavel aria-hidden />
                    {t('reports.resolve')}
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        {viewing && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{viewing.target?.title ?? t('reports.targetGone')}</DialogTitle>
              <DialogDescription>
                {t(`reports.targetTypes.${viewing.targetType}`)}
                {viewing.target?.hidden ? ` (${t('reports.hiddenAlready')})` : ''}
              </DialogDescription>
            </DialogHeader>
            {viewing.target?.detail && (
              <p className="text-sm break-words whitespace-pre-wrap">{viewing.target.detail}</p>
            )}
            <p className="text-sm">
              <span className="text-muted-foreground">{t('columns.reason')}: </span>
              {viewing.motivo}
            </p>
          </DialogContent>
        )}
      </Dialog>
      <ResolveDialog report={resolving} onClose={() => setResolving(null)} />
    </>
  )
}

function ResolveDialog({ report, onClose }: { report: ReportRow | null; onClose: () => void }) {
  const { t } = useTranslation('admin-moderation')
  const resolve = useResolveReport()
  const block = useBlockUser()
  const closeJob = useCloseJob()
  const [decision, setDecision] = useState('')
  const [act, setAct] = useState(false)
  const busy = resolve.isPending || block.isPending || closeJob.isPending

  const actionLabel =
    report?.targetType === 'review'
      ? t('reports.hideReview')
      : report?.targetType === 'job'
        ? t('reports.closeJob')
        : t('reports.blockOwner')

  const submit = async () => {
    if (!report) return
    const text = decision.trim()
    try {
      // The content's action first: a failed block leaves the report open to try again.
      if (act && report.targetType === 'profile')
        await block.mutateAsync({ userId: report.targetId, block: true, reason: text })
      if (act && report.targetType === 'job') await closeJob.mutateAsync(report.targetId)
      await resolve.mutateAsync({
        id: report.id,
        decision: text,
        hide: act && report.targetType === 'review',
      })
      toast.success(t('reports.resolved'))
      setDecision('')
      setAct(false)
      onClose()
    } catch (error) {
      toast.error(t('reports.error'), { description: (error as Error).message })
    }
  }

  return (
    <Dialog open={report !== null} onOpenChange={(open) => !open && onClose()}>
      {report && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('reports.resolveTitle')}</DialogTitle>
            <DialogDescription>{report.target?.title ?? t('reports.targetGone')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="report-decision">{t('reports.decisionLabel')}</Label>
            <Textarea
              id="report-decision"
              value={decision}
              maxLength={1000}
              placeholder={t('reports.decisionPlaceholder')}
              onChange={(event) => setDecision(event.target.value)}
            />
          </div>
          {report.target && !report.target.hidden && (
            <div className="flex items-center gap-2">
              <Checkbox id="report-act" checked={act} onCheckedChange={(value) => setAct(value === true)} />
              <Label htmlFor="report-act">{actionLabel}</Label>
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button disabled={busy || decision.trim() === ''} onClick={() => void submit()}>
              {t('reports.resolve')}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  )
}
