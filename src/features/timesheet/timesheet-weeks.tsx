import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { addDaysISO, formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { weekStartOf } from './timesheet-period'
import { formatMinutes, type TimeEntryDto, type TimesheetList } from './timesheet.schema'

const timeOf = (instant: string | null) => (instant ? formatDateTimeBR(instant).slice(11) : '')

/** The period's entries, week by week (newest first), each week headed by its totals. */
export function TimesheetWeeks({
  list,
  onDelete,
}: {
  list: TimesheetList
  onDelete: (entry: TimeEntryDto) => void
}) {
  const { t } = useTranslation('timesheet')
  const byWeek = new Map<string, TimeEntryDto[]>()
  for (const entry of list.entries) {
    const week = weekStartOf(entry.data)
    byWeek.set(week, [...(byWeek.get(week) ?? []), entry])
  }
  // A week holding only the running timer has no total row on the server yet.
  const weeks = [...list.weeks]
  for (const week of byWeek.keys())
    if (!weeks.some((w) => w.weekStart === week))
      weeks.push({ weekStart: week, minutos: 0, faturavelMinutos: 0 })
  weeks.sort((a, b) => b.weekStart.localeCompare(a.weekStart))

  return (
    <div className="grid gap-6">
      {weeks.map((week) => {
        const title = t('week.title', {
          from: formatDateBR(week.weekStart),
          to: formatDateBR(addDaysISO(week.weekStart, 6)),
        })
        const headingId = `semana-${week.weekStart}`
        return (
          <section
            key={week.weekStart}
            aria-labelledby={headingId}
            className="grid gap-2"
            data-testid="timesheet-week"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b pb-2">
              <h2 id={headingId} className="text-base font-semibold">
                {title}
              </h2>
              <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                <span className="font-medium text-foreground">
                  {t('week.total', { total: formatMinutes(week.minutos) })}
                </span>
                <span>{t('week.faturavel', { value: formatMinutes(week.faturavelMinutos) })}</span>
                <span>
                  {t('week.naoFaturavel', { value: formatMinutes(week.minutos - week.faturavelMinutos) })}
                </span>
              </p>
            </div>
            <ul className="grid gap-2">
              {(byWeek.get(week.weekStart) ?? []).map((entry) => (
                <EntryRow key={entry.id} entry={entry} onDelete={onDelete} />
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}

function EntryRow({ entry, onDelete }: { entry: TimeEntryDto; onDelete: (entry: TimeEntryDto) => void }) {
  const { t } = useTranslation('timesheet')
  const running = entry.minutos === null
  const range = entry.inicio
    ? running
      ? t('entry.since', { inicio: timeOf(entry.inicio) })
      : t('entry.range', { inicio: timeOf(entry.inicio), fim: timeOf(entry.fim) })
    : null
  return (
    <li className="flex items-start gap-3 rounded-lg border p-3" data-testid="timesheet-entry">
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium tabular-nums">{formatDateBR(entry.data)}</span>
          {range && <span className="text-muted-foreground tabular-nums">{range}</span>}
          <Badge variant={entry.faturavel ? 'secondary' : 'outline'}>
            {entry.faturavel ? t('entry.faturavel') : t('entry.naoFaturavel')}
          </Badge>
        </div>
        <p className="truncate font-medium" title={entry.caseTitulo}>
          {entry.caseTitulo}
        </p>
        <p className="text-sm break-words text-muted-foreground">
          {entry.descricao || t('entry.noDescription')}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-semibold tabular-nums">
          {running ? t('entry.running') : formatMinutes(entry.minutos ?? 0)}
        </span>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground hover:text-destructive"
          aria-label={t('entry.delete', { data: formatDateBR(entry.data), caso: entry.caseTitulo })}
          onClick={() => onDelete(entry)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  )
}
