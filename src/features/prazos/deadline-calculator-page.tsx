import { Scale } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Spinner } from '../../components/ui/spinner'
import { COURT_CALENDARS, courtClosedDays, findCourtCalendar } from '../../lib/br/court-calendars'
import { addDaysISO, isIsoDate } from '../../lib/br/dates'
import { MAX_DIAS, type PrazoCalculado } from '../../lib/br/deadline'
import { api, unwrap } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { parseClosedDays } from './closed-days-input'
import { DeadlineResult } from './deadline-trail'

type Field = 'disponibilizacao' | 'dias' | 'fechados'
type Outcome =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; result: PrazoCalculado; closureNames: ReadonlyMap<string, string> }

const NO_COURT = ''

/**
 * The court's seeded closures that can fall inside the prazo: a 365-day prazo crossing a recess ends
 * well within dias × 1.4 + 120 calendar days, and sending only those keeps the query short.
 */
function courtClosuresFor(court: string, disponibilizacao: string, dias: number) {
  if (!court) return []
  const last = addDaysISO(disponibilizacao, Math.ceil(dias * 1.4) + 120)
  const from = Number(disponibilizacao.slice(0, 4))
  return courtClosedDays(court, from, Number(last.slice(0, 4))).filter(
    (day) => day.data > disponibilizacao && day.data <= last,
  )
}

/** /calculadora-de-prazos: the public deadline calculator (issue 9), usable without an account. */
export function DeadlineCalculatorPage() {
  const { t } = useTranslation('prazos')
  const [disponibilizacao, setDisponibilizacao] = useState('')
  const [dias, setDias] = useState('15')
  const [court, setCourt] = useState(NO_COURT)
  const [fechados, setFechados] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' })
  const resultHeading = useRef<HTMLHeadingElement>(null)
  const selectedCourt = court ? findCourtCalendar(court) : undefined

  useEffect(() => {
    document.title = `${t('title')} · JusConecta`
  }, [t])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const found: Partial<Record<Field, string>> = {}
    if (!isIsoDate(disponibilizacao)) found.disponibilizacao = t('form.disponibilizacaoRequired')
    const count = Number(dias)
    if (!/^\d+$/.test(dias.trim()) || count < 1 || count > MAX_DIAS) found.dias = t('form.diasRange')
    const extra = parseClosedDays(fechados)
    if ('invalid' in extra) found.fechados = t('form.fechadosInvalid', { value: extra.invalid })
    setErrors(found)
    if (Object.keys(found).length > 0 || 'invalid' in extra) return

    const closures = courtClosuresFor(court, disponibilizacao, count)
    const closed = [...new Set([...closures.map((day) => day.data), ...extra.dates])]
    setOutcome({ status: 'loading' })
    try {
      const result = await unwrap(
        api.prazos.calcular.$get({
          query: { disponibilizacao, dias: String(count), fechados: closed.join(',') },
        }),
      )
      setOutcome({
        status: 'done',
        result,
        closureNames: new Map(closures.map((day) => [day.data, day.motivo])),
      })
    } catch (error) {
      setOutcome({ status: 'error', message: error instanceof Error ? error.message : String(error) })
    }
    resultHeading.current?.focus()
  }

  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-4xl items-center px-4 py-3 sm:px-6">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold" aria-label={t('home')}>
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Scale aria-hidden className="size-5" />
            </span>
            JusConecta
          </Link>
        </div>
      </header>

      <main className="mx-auto grid max-w-4xl gap-8 px-4 py-8 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
          <p className="text-muted-foreground">{t('intro')}</p>
        </div>

        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={t('form.label')}
          className="grid gap-4 sm:grid-cols-2"
        >
          <FormField
            label={t('form.disponibilizacao')}
            htmlFor="prazo-disponibilizacao"
            error={errors.disponibilizacao}
          >
            <Input
              id="prazo-disponibilizacao"
              type="date"
              required
              min="1990-01-01"
              max="2097-12-31"
              value={disponibilizacao}
              onChange={(event) => setDisponibilizacao(event.target.value)}
            />
          </FormField>
          <FormField label={t('form.dias')} htmlFor="prazo-dias" error={errors.dias}>
            <Input
              id="prazo-dias"
              type="number"
              inputMode="numeric"
              required
              min={1}
              max={MAX_DIAS}
              value={dias}
              onChange={(event) => setDias(event.target.value)}
            />
          </FormField>
          <FormField
            label={t('form.tribunal')}
            htmlFor="prazo-tribunal"
            description={
              selectedCourt
                ? t('form.tribunalHint', { fonte: selectedCourt.fonte })
                : t('form.tribunalNoneHint')
            }
          >
            <select
              id="prazo-tribunal"
              value={court}
              onChange={(event) => setCourt(event.target.value)}
              className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
            >
              <option value={NO_COURT}>{t('form.tribunalNone')}</option>
              {COURT_CALENDARS.map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {calendar.id} — {calendar.nome}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            label={t('form.fechados')}
            htmlFor="prazo-fechados"
            description={t('form.fechadosHint')}
            error={errors.fechados}
          >
            <Input
              id="prazo-fechados"
              value={fechados}
              onChange={(event) => setFechados(event.target.value)}
              autoComplete="off"
            />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={outcome.status === 'loading'} className="w-full sm:w-auto">
              {outcome.status === 'loading' && <Spinner aria-hidden />}
              {outcome.status === 'loading' ? t('form.submitting') : t('form.submit')}
            </Button>
          </div>
        </form>

        <section
          aria-labelledby="prazo-resultado"
          aria-busy={outcome.status === 'loading'}
          className="grid gap-4"
        >
          <h2
            id="prazo-resultado"
            ref={resultHeading}
            tabIndex={-1}
            className="text-xl font-semibold outline-none"
          >
            {t('result.title')}
          </h2>
          {outcome.status === 'idle' && <p className="text-muted-foreground">{t('result.empty')}</p>}
          {outcome.status === 'loading' && <Spinner />}
          {outcome.status === 'error' && (
            <div role="alert" className="rounded-lg border border-destructive/40 p-4">
              <p className="font-medium text-destructive">{t('result.errorTitle')}</p>
              <p className="text-sm">{outcome.message}</p>
            </div>
          )}
          {outcome.status === 'done' && (
            <DeadlineResult result={outcome.result} closureNames={outcome.closureNames} />
          )}
          <p className="text-xs text-muted-foreground">{t('result.disclaimer')}</p>
        </section>
      </main>
    </div>
  )
}
