import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListSkeleton } from '../../components/list-page/list-states'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import { AGENDA_MAX_YEAR, AGENDA_MIN_YEAR, EVENT_LIMITS } from './agenda.schema'
import { todaySP } from './calendar-days'
import {
  getClosedDaysQueryOptions,
  getCourtsQueryOptions,
  useAddClosedDay,
  useRemoveClosedDay,
} from './use-agenda'

/** Per court, the days it had no business (seeded by law + the office's own); add and remove. */
export function CourtCalendarDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('agenda')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('court.title')}</DialogTitle>
          <DialogDescription>{t('court.description')}</DialogDescription>
        </DialogHeader>
        {open && <CourtCalendar />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('court.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function CourtCalendar() {
  const { t } = useTranslation('agenda')
  const courts = useQuery(getCourtsQueryOptions())
  const [tribunal, setTribunal] = useState('TJSP')
  const [year, setYear] = useState(() => Number(todaySP().slice(0, 4)))
  const court = courts.data?.find((item) => item.id === tribunal)

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t('court.tribunal')} htmlFor="court-tribunal" className="min-w-48 flex-1">
          <Select value={tribunal} onValueChange={setTribunal}>
            <SelectTrigger id="court-tribunal">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              {(courts.data ?? [{ id: 'TJSP', nome: 'TJSP', fonte: null, seeded: true }]).map((item) => (
                <SelectItem key={item.id} value={item.id}>
                  {item.id} — {item.nome}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <div className="flex items-center gap-1" role="group" aria-label={t('court.year')}>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('court.previousYear')}
            disabled={year <= AGENDA_MIN_YEAR}
            onClick={() => setYear(year - 1)}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span className="w-14 text-center font-medium tabular-nums" aria-live="polite">
            {year}
          </span>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('court.nextYear')}
            disabled={year >= AGENDA_MAX_YEAR}
            onClick={() => setYear(year + 1)}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      {court?.fonte && (
        <p className="text-sm text-muted-foreground">{t('court.seeded', { fonte: court.fonte })}</p>
      )}
      <ClosedDays tribunal={tribunal} year={year} />
    </div>
  )
}

function ClosedDays({ tribunal, year }: { tribunal: string; year: number }) {
  const { t } = useTranslation('agenda')
  const list = useQuery(getClosedDaysQueryOptions(tribunal, year))
  const add = useAddClosedDay(tribunal)
  const remove = useRemoveClosedDay(tribunal)
  const [data, setData] = useState('')
  const [motivo, setMotivo] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function onAdd(event: React.FormEvent) {
    event.preventDefault()
    const local: Record<string, string> = {}
    if (!data) local.data = t('court.dataRequired')
    if (!motivo.trim()) local.motivo = t('court.motivoRequired')
    setErrors(local)
    if (Object.keys(local).length > 0) return
    try {
      await add.mutateAsync({ data, motivo: motivo.trim() })
      toast.success(t('toast.dayAdded'), { description: `${tribunal} — ${formatDateBR(data)}` })
      setData('')
      setMotivo('')
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields)
      toast.error(t('toast.dayError'), { description: (error as Error).message })
    }
  }

  function onRemove(day: string) {
    remove.mutate(day, {
      onSuccess: () =>
        toast.success(t('toast.dayRemoved'), { description: `${tribunal} — ${formatDateBR(day)}` }),
      onError: (error) => toast.error(t('toast.dayError'), { description: error.message }),
    })
  }

  return (
    <div className="grid gap-4">
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('court.error')} {list.error.message}
        </p>
      ) : list.data.days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('court.empty')}</p>
      ) : (
        <ul
          aria-label={t('court.listLabel', { tribunal, year })}
          className="max-h-72 divide-y overflow-y-auto rounded-lg border"
        >
          {list.data.days.map((day) => (
            <li key={day.data} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="w-24 shrink-0 tabular-nums">{formatDateBR(day.data)}</span>
              <span className="min-w-0 flex-1 break-words">{day.motivo}</span>
              <Badge variant={day.origem === 'seed' ? 'secondary' : 'outline'}>
                {day.origem === 'seed' ? t('court.origemSeed') : t('court.origemOffice')}
              </Badge>
              <Button
                variant="ghost"
                size="icon"
                className="text-destructive hover:text-destructive"
                aria-label={t('court.remove', { date: formatDateBR(day.data) })}
                title={t('court.remove', { date: formatDateBR(day.data) })}
                disabled={remove.isPending}
                onClick={() => onRemove(day.data)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={onAdd} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <FormField label={t('court.data')} htmlFor="court-data" error={errors.data}>
          <Input id="court-data" type="date" value={data} onChange={(e) => setData(e.target.value)} />
        </FormField>
        <FormField label={t('court.motivo')} htmlFor="court-motivo" error={errors.motivo}>
          <Input
            id="court-motivo"
            autoComplete="off"
            maxLength={EVENT_LIMITS.motivo}
            placeholder={t('court.motivoPlaceholder')}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
          />
        </FormField>
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden />
          {add.isPending ? t('court.adding') : t('court.add')}
        </Button>
      </form>
    </div>
  )
}
