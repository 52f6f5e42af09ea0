import { useEffect, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Clock, Play, Square } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { formatDateTimeBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { EntryFields, emptyEntryFields, type EntryFieldValues } from './entry-fields'
import { formatElapsed } from './timesheet-period'
import { formatMinutes, type TimeEntryDto } from './timesheet.schema'
import { getTimerQueryOptions, useStartTimer, useStopTimer } from './use-timesheet'

/**
 * The header's start/stop timer (issue 10, "Timesheet"). Shown to lawyers whose current office lets them
 * see cases (the assistente records no time). The running timer is a row on the server, so a reload or
 * another tab finds it again; the browser only counts the seconds since its start.
 */
export function TimerButton() {
  const session = useSession()
  const office = session.data?.office
  // Whoever works in an office (their own or a team's), except assistentes, whom the server refuses.
  if (!office || office.nivelAcesso === 'assistente') return null
  // Keyed by office: a switch drops the other office's timer from view.
  return <Timer key={office.id} />
}

function Timer() {
  const { t } = useTranslation('timesheet')
  const timer = useQuery(getTimerQueryOptions())
  const [startOpen, setStartOpen] = useState(false)
  const running = timer.data?.running ?? null

  if (timer.isPending || timer.isError) return null
  return (
    <>
      {running ? (
        <RunningTimer entry={running} />
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setStartOpen(true)} aria-label={t('timer.start')}>
          <Play aria-hidden />
          <span className="hidden lg:inline">{t('timer.start')}</span>
        </Button>
      )}
      {/* Stays mounted while the timer starts, so the dialog closes normally once it runs. */}
      <StartTimerDialog open={startOpen} onOpenChange={setStartOpen} />
    </>
  )
}

function useElapsedSeconds(inicio: string | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [])
  return inicio ? (now - Date.parse(inicio)) / 1000 : 0
}

function RunningTimer({ entry }: { entry: TimeEntryDto }) {
  const { t } = useTranslation('timesheet')
  const seconds = useElapsedSeconds(entry.inicio)
  const elapsed = formatElapsed(seconds)
  const stop = useStopTimer()

  function stopTimer() {
    // mutateAsync, not mutate's callbacks: the refetched timer unmounts this component before they'd run.
    stop.mutateAsync().then(
      (saved) =>
        toast.success(t('timer.stopped', { duracao: formatMinutes(saved.minutos ?? 0) }), {
          description: saved.caseTitulo,
        }),
      (error: Error) => toast.error(t('timer.stopError'), { description: error.message }),
    )
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="font-mono tabular-nums"
          // Whole minutes in the name: a label changing every second would keep a screen reader talking.
          aria-label={t('timer.running', {
            elapsed: formatMinutes(Math.floor(Math.max(0, seconds) / 60)),
            caso: entry.caseTitulo,
          })}
          disabled={stop.isPending}
          data-testid="timer-running"
        >
          <Clock aria-hidden className="text-primary motion-safe:animate-pulse" />
          <span aria-hidden>{elapsed}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate">{entry.caseTitulo}</span>
          <span className="text-xs font-normal text-muted-foreground">
            {t('timer.runningSince', { inicio: formatDateTimeBR(entry.inicio) })}
          </span>
          {entry.descricao && (
            <span className="line-clamp-2 text-xs font-normal text-muted-foreground">{entry.descricao}</span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={stopTimer} disabled={stop.isPending}>
          <Square aria-hidden />
          {t('timer.stop')}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.dashboard.timesheet}>
            <Clock aria-hidden />
            {t('timer.openTimesheet')}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function StartTimerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('timesheet')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('timer.startTitle')}</DialogTitle>
          <DialogDescription>{t('timer.startDescription')}</DialogDescription>
        </DialogHeader>
        {open && <StartTimerForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function StartTimerForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('timesheet')
  const [values, setValues] = useState<EntryFieldValues>(emptyEntryFields)
  const [caseError, setCaseError] = useState<string>()
  const start = useStartTimer()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!values.caseId) return setCaseError(t('form.casoRequired'))
    setCaseError(undefined)
    // mutateAsync: the refetched timer replaces the start button (and this form) before mutate's callbacks.
    start
      .mutateAsync({ caseId: values.caseId, descricao: values.descricao, faturavel: values.faturavel })
      .then(
        (entry) => {
          toast.success(t('timer.started'), { description: entry.caseTitulo })
          onDone()
        },
        (error: Error) => toast.error(t('timer.startError'), { description: error.message }),
      )
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <EntryFields
        idPrefix="timer"
        values={values}
        onChange={(next) => {
          setValues(next)
          if (next.caseId) setCaseError(undefined)
        }}
        caseError={caseError}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={start.isPending}>
          <Play aria-hidden />
          {start.isPending ? t('timer.starting') : t('timer.start')}
        </Button>
      </DialogFooter>
    </form>
  )
}
