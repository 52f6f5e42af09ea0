import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Calculator, CalendarPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
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
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Spinner } from '../../components/ui/spinner'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import { MAX_DIAS } from '../../lib/br/deadline'
import { CasePicker, ClientPicker } from '../cases/cases.public'
import { todaySP } from './calendar-days'
import { EVENT_LIMITS, type EventRow, type PrazoCalcResult } from './agenda.schema'
import type { EventDefaults } from './event-dialog'
import { PrazoAvisoSetting } from './prazo-aviso-setting'
import { getCourtsQueryOptions, useCalcularPrazo, useCriarPrazo } from './use-agenda'

// The trail renderer (and the 'prazos' texts) load with the first result.
const DeadlineResult = lazy(() =>
  import('../prazos/prazos.public').then((m) => ({ default: m.DeadlineResult })),
)
const NO_COURT = 'none'

/**
 * What the dialog starts with: a case (and its client) when opened from the case screen; a whole prazo
 * (disponibilização, court, dias, title) when opened from a publication (features/publications).
 */
export type DeadlineDefaults = Omit<EventDefaults, 'data'> & {
  disponibilizacao?: string
  dias?: number | null
  tribunal?: string
  titulo?: string
  descricao?: string
}

/**
 * 'Calcular prazo': availability date in the DJe/DJEN + dias úteis + court → publication, start, due date
 * and the trail (with the office's calendar of that court); then 'Criar prazo' saves it on the agenda.
 */
export function DeadlineDialog({
  open,
  onOpenChange,
  defaults = {},
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  defaults?: DeadlineDefaults
  /** After the prazo is saved (a publication links itself to it). */
  onCreated?: (event: EventRow) => Promise<void> | void
}) {
  const { t } = useTranslation('agenda')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('prazo.title')}</DialogTitle>
          <DialogDescription>{t('prazo.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <DeadlineForm defaults={defaults} onCreated={onCreated} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function DeadlineForm({
  defaults,
  onCreated,
  onDone,
}: {
  defaults: DeadlineDefaults
  onCreated?: (event: EventRow) => Promise<void> | void
  onDone: () => void
}) {
  const { t } = useTranslation('agenda')
  const courts = useQuery(getCourtsQueryOptions())
  const calcular = useCalcularPrazo()
  const criar = useCriarPrazo()

  const [disponibilizacao, setDisponibilizacao] = useState(defaults.disponibilizacao ?? todaySP())
  // A publication without a suggestion leaves dias empty: the lawyer reads the text and decides.
  const [dias, setDias] = useState(
    defaults.dias === undefined ? '15' : defaults.dias === null ? '' : String(defaults.dias),
  )
  const [tribunal, setTribunal] = useState(defaults.tribunal ?? NO_COURT)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<PrazoCalcResult | null>(null)

  const [titulo, setTitulo] = useState(defaults.titulo ?? '')
  const [caseId, setCaseId] = useState(defaults.caso?.id ?? '')
  const [caseLabel, setCaseLabel] = useState(defaults.caso?.label ?? null)
  const [clientId, setClientId] = useState(defaults.cliente?.id ?? '')
  const [clientLabel, setClientLabel] = useState(defaults.cliente?.label ?? null)

  const input = () => ({
    disponibilizacao,
    dias: Number(dias),
    ...(tribunal === NO_COURT ? {} : { tribunal }),
  })

  function localErrors(): Record<string, string> {
    const errors: Record<string, string> = {}
    if (!disponibilizacao) errors.disponibilizacao = t('form.dataRequired')
    const n = Number(dias)
    if (!Number.isInteger(n) || n < 1 || n > MAX_DIAS) errors.dias = t('prazo.diasRequired')
    return errors
  }

  async function onCalculate(event: React.FormEvent) {
    event.preventDefault()
    await calculate()
  }

  async function calculate() {
    const errors = localErrors()
    setFieldErrors(errors)
    if (Object.keys(errors).length > 0) return
    try {
      const answer = await calcular.mutateAsync(input())
      setResult(answer)
      if (!titulo) setTitulo(t('prazo.tituloDefault', { dias: answer.dias }))
    } catch (error) {
      setResult(null)
      if (error instanceof ApiRequestError) setFieldErrors(error.fields)
      toast.error(t('toast.calcError'), { description: (error as Error).message })
    }
  }

  async function onCreate() {
    if (!result) return
    try {
      const created = await criar.mutateAsync({
        ...input(),
        titulo: titulo.trim() || t('prazo.tituloDefault', { dias: result.dias }),
        ...(caseId ? { caseId } : {}),
        ...(clientId ? { clientId } : {}),
        ...(defaults.descricao ? { descricao: defaults.descricao } : {}),
      })
      await onCreated?.(created)
      toast.success(t('toast.prazoCreated'), {
        description: `${created.titulo} — ${formatDateBR(created.data)}`,
      })
      onDone()
    } catch (error) {
      toast.error(t('toast.prazoError'), { description: (error as Error).message })
    }
  }

  const courtList = courts.data ?? []
  // A court the office has no calendar row for yet (e.g. a publication's 'TRT2') is still offered.
  const extraCourt =
    tribunal !== NO_COURT && !courtList.some((court) => court.id === tribunal) ? tribunal : null
  return (
    <div className="grid gap-6">
      <form onSubmit={onCalculate} noValidate className="grid gap-4 sm:grid-cols-3 sm:items-start">
        <FormField
          label={t('prazo.disponibilizacao')}
          htmlFor="prazo-disponibilizacao"
          error={fieldErrors.disponibilizacao}
        >
          <Input
            id="prazo-disponibilizacao"
            type="date"
            aria-required
            value={disponibilizacao}
            onChange={(e) => {
              setDisponibilizacao(e.target.value)
              setResult(null)
            }}
          />
        </FormField>
        <FormField label={t('prazo.dias')} htmlFor="prazo-dias" error={fieldErrors.dias}>
          <Input
            id="prazo-dias"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DIAS}
            aria-required
            value={dias}
            onChange={(e) => {
              setDias(e.target.value)
              setResult(null)
            }}
          />
        </FormField>
        <FormField label={t('prazo.tribunal')} htmlFor="prazo-tribunal" error={fieldErrors.tribunal}>
          <Select
            value={tribunal}
            onValueChange={(value) => {
              setTribunal(value)
              setResult(null)
            }}
          >
            <SelectTrigger id="prazo-tribunal">
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-72">
              <SelectItem value={NO_COURT}>{t('prazo.tribunalNone')}</SelectItem>
              {extraCourt && <SelectItem value={extraCourt}>{extraCourt}</SelectItem>}
              {courtList.map((court) => (
                <SelectItem key={court.id} value={court.id}>
                  {court.id} — {court.nome}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <Button type="submit" className="sm:col-span-3 sm:justify-self-start" disabled={calcular.isPending}>
          <Calculator aria-hidden />
          {calcular.isPending ? t('prazo.calculating') : t('prazo.calculate')}
        </Button>
      </form>

      <div className="border-t pt-4">
        {/* A new warning setting changes the answer's avisoEm: recompute what is on screen. */}
        <PrazoAvisoSetting onChanged={() => void (result && calculate())} />
      </div>

      {result && (
        <section aria-label={t('prazo.title')} className="grid gap-4" data-testid="prazo-result">
          <Suspense fallback={<Spinner label={t('prazo.calculating')} />}>
            <DeadlineResult result={result} closureNames={new Map()} />
          </Suspense>
          <p className="text-sm text-muted-foreground">
            {t('prazo.avisoEm', { date: formatDateBR(result.avisoEm), dias: result.avisoDias })}
          </p>

          <section aria-labelledby="prazo-create-title" className="grid gap-4 rounded-lg border p-4">
            <h3 id="prazo-create-title" className="font-semibold">
              {t('prazo.createSection')}
            </h3>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t('prazo.titulo')} htmlFor="prazo-titulo" className="sm:col-span-2">
                <Input
                  id="prazo-titulo"
                  autoComplete="off"
                  maxLength={EVENT_LIMITS.titulo}
                  value={titulo}
                  onChange={(e) => setTitulo(e.target.value)}
                />
              </FormField>
              <FormField label={t('form.caso')} htmlFor="prazo-caso">
                <CasePicker
                  id="prazo-caso"
                  value={caseId}
                  selectedLabel={caseLabel}
                  onValueChange={(value, label) => {
                    setCaseId(value)
                    setCaseLabel(label)
                  }}
                />
              </FormField>
              <FormField label={t('form.cliente')} htmlFor="prazo-cliente">
                <ClientPicker
                  id="prazo-cliente"
                  value={clientId}
                  selectedLabel={clientLabel}
                  onValueChange={(value, label) => {
                    setClientId(value)
                    setClientLabel(label)
                  }}
                />
              </FormField>
            </div>
          </section>
        </section>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('prazo.close')}
        </Button>
        <Button type="button" onClick={() => void onCreate()} disabled={!result || criar.isPending}>
          <CalendarPlus aria-hidden />
          {criar.isPending ? t('prazo.creating') : t('prazo.create')}
        </Button>
      </DialogFooter>
    </div>
  )
}
