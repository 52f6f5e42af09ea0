import { useState } from 'react'
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Clock, Download, Plus } from 'lucide-react'
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
} from '../../components/ui/alert-dialog'
import { useExport } from '../../components/list-page/use-export'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { diffDaysISO, formatDateBR, isIsoDate } from '../../lib/br/dates'
import { ManualEntryDialog } from './manual-entry-dialog'
import { PERIOD_PRESETS, periodOf, type Period, type PeriodPreset } from './timesheet-period'
import { TimesheetWeeks } from './timesheet-weeks'
import { formatMinutes, TIMESHEET_LIMITS, type TimeEntryDto, type TimesheetList } from './timesheet.schema'
import { downloadTimesheetCsv, getTimesheetQueryOptions, useDeleteEntry } from './use-timesheet'

const MAX_LISTED = 2000

const validPeriod = (p: Period) =>
  isIsoDate(p.from) &&
  isIsoDate(p.to) &&
  p.from <= p.to &&
  diffDaysISO(p.from, p.to) < TIMESHEET_LIMITS.maxRangeDays

/** /dashboard/timesheet — 'Minhas horas': the member's own time in the current office, week by week. */
export function TimesheetPage() {
  const { t } = useTranslation('timesheet')
  const [preset, setPreset] = useState<PeriodPreset>('quatroSemanas')
  const [custom, setCustom] = useState<Period>(() => periodOf('mes', { from: '', to: '' }))
  const period = periodOf(preset, custom)
  const periodOk = validPeriod(period)
  const list = useQuery({
    ...getTimesheetQueryOptions(period),
    enabled: periodOk,
    placeholderData: keepPreviousData,
  })
  const [entryOpen, setEntryOpen] = useState(false)
  const [toDelete, setToDelete] = useState<TimeEntryDto | null>(null)
  const { exporting, run: runExport } = useExport(t('exportError'))
  const remove = useDeleteEntry()
  const exportCsv = () => runExport(() => downloadTimesheetCsv(period))

  function confirmDelete(entry: TimeEntryDto) {
    remove.mutateAsync(entry.id).then(
      () => toast.success(t('delete.done'), { description: entry.caseTitulo }),
      (error: Error) => toast.error(t('delete.error'), { description: error.message }),
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !periodOk}>
            <Download aria-hidden />
            {exporting ? t('exporting') : t('exportCsv')}
          </Button>
          <Button onClick={() => setEntryOpen(true)}>
            <Plus aria-hidden />
            {t('newEntry')}
          </Button>
        </div>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t('period.label')} htmlFor="timesheet-periodo" className="w-full sm:w-52">
          <Select value={preset} onValueChange={(value) => setPreset(value as PeriodPreset)}>
            <SelectTrigger id="timesheet-periodo" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PERIOD_PRESETS.map((key) => (
                <SelectItem key={key} value={key}>
                  {t(`period.presets.${key}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {preset === 'personalizado' ? (
          <>
            <FormField
              label={t('period.from')}
              htmlFor="timesheet-de"
              className="flex-1 sm:w-44 sm:flex-none"
            >
              <Input
                id="timesheet-de"
                type="date"
                value={custom.from}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </FormField>
            <FormField label={t('period.to')} htmlFor="timesheet-ate" className="flex-1 sm:w-44 sm:flex-none">
              <Input
                id="timesheet-ate"
                type="date"
                value={custom.to}
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              />
            </FormField>
          </>
        ) : (
          <p className="pb-2 text-sm text-muted-foreground tabular-nums">
            {formatDateBR(period.from)} – {formatDateBR(period.to)}
          </p>
        )}
      </div>
      {!periodOk && (
        <p role="alert" className="text-sm text-destructive">
          {t('period.invalid')}
        </p>
      )}

      <Totals list={list.data} loading={list.isPending && periodOk} />

      {periodOk && (
        <TimesheetBody
          query={list}
          onNewEntry={() => setEntryOpen(true)}
          onDelete={(entry) => setToDelete(entry)}
        />
      )}

      <ManualEntryDialog open={entryOpen} onOpenChange={setEntryOpen} />
      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('delete.title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {toDelete &&
                t('delete.description', {
                  duracao: toDelete.minutos === null ? t('entry.running') : formatMinutes(toDelete.minutos),
                  caso: toDelete.caseTitulo,
                  data: formatDateBR(toDelete.data),
                })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('delete.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => toDelete && confirmDelete(toDelete)}>
              {t('delete.confirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}

function Totals({ list, loading }: { list: TimesheetList | undefined; loading: boolean }) {
  const { t } = useTranslation('timesheet')
  const faturavel = list?.weeks.reduce((sum, week) => sum + week.faturavelMinutos, 0) ?? 0
  const cards = [
    { key: 'total', value: list?.totalMinutos },
    { key: 'faturavel', value: list ? faturavel : undefined },
    { key: 'naoFaturavel', value: list ? list.totalMinutos - faturavel : undefined },
  ] as const
  return (
    <section aria-label={t('totals.label')} className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {cards.map(({ key, value }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`timesheet-total-${key}`}>
          <CardContent className="grid gap-1 px-4">
            <p className="text-sm text-muted-foreground">{t(`totals.${key}`)}</p>
            {loading ? (
              <Skeleton className="h-7 w-20" />
            ) : (
              <p className="text-2xl font-semibold tabular-nums">
                {value === undefined ? '—' : formatMinutes(value)}
              </p>
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  )
}

function TimesheetBody({
  query,
  onNewEntry,
  onDelete,
}: {
  query: UseQueryResult<TimesheetList>
  onNewEntry: () => void
  onDelete: (entry: TimeEntryDto) => void
}) {
  const { t } = useTranslation('timesheet')
  if (query.isPending)
    return (
      <div className="grid gap-2" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    )
  if (query.isError)
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-4"
      >
        <p className="font-medium">{t('error.title')}</p>
        <p className="text-sm text-muted-foreground">{query.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('error.retry')}
        </Button>
      </div>
    )
  if (query.data.entries.length === 0)
    return (
      <EmptyState
        icon={<Clock />}
        title={t('empty.title')}
        description={t('empty.description')}
        action={
          <Button onClick={onNewEntry}>
            <Plus aria-hidden />
            {t('newEntry')}
          </Button>
        }
      />
    )
  return (
    <>
      {query.data.entries.length >= MAX_LISTED && (
        <p className="text-sm text-muted-foreground">{t('truncated')}</p>
      )}
      <TimesheetWeeks list={query.data} onDelete={onDelete} />
    </>
  )
}
