import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { centsToBRL, parseDecimalCents } from '../../lib/br/money'
import { cn } from '../../lib/utils'
import { isValidRange, presetPeriod, type Period, type PeriodKind } from './financial-period'
import { getSummaryQueryOptions } from './use-financial'

const brl = (value: string | undefined) => centsToBRL(parseDecimalCents(value ?? '0') ?? 0)

/** 'Este mês' / 'Este ano' / 'Personalizado' (with its two dates). */
export function PeriodSelector({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation('financial')
  const invalid = period.kind === 'custom' && !isValidRange(period.from, period.to)
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-2">
        <Label htmlFor="financial-period">{t('period.label')}</Label>
        <Select
          value={period.kind}
          onValueChange={(value) => {
            const kind = value as PeriodKind
            onChange(kind === 'custom' ? { ...period, kind } : presetPeriod(kind))
          }}
        >
          <SelectTrigger id="financial-period" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="month">{t('period.month')}</SelectItem>
            <SelectItem value="year">{t('period.year')}</SelectItem>
            <SelectItem value="custom">{t('period.custom')}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {period.kind === 'custom' && (
        <>
          <div className="grid gap-2">
            <Label htmlFor="financial-from">{t('period.from')}</Label>
            <Input
              id="financial-from"
              type="date"
              value={period.from}
              aria-invalid={invalid || undefined}
              onChange={(e) => onChange({ ...period, from: e.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="financial-to">{t('period.to')}</Label>
            <Input
              id="financial-to"
              type="date"
              value={period.to}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'financial-period-error' : undefined}
              onChange={(e) => onChange({ ...period, to: e.target.value })}
            />
          </div>
          {invalid && (
            <p id="financial-period-error" className="text-sm text-destructive" role="alert">
              {t('period.invalid')}
            </p>
          )}
        </>
      )}
    </div>
  )
}

function StatCard(props: {
  title: string
  value: string
  hint: string
  testId: string
  loading: boolean
  valueClassName?: string
}) {
  return (
    <Card className="gap-2" data-testid={props.testId}>
      <CardHeader>
        <CardTitle>
          <h2 className="text-sm font-medium text-muted-foreground">{props.title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        {props.loading ? (
          <Skeleton className="h-8 w-32" />
        ) : (
          <p
            className={cn('text-2xl font-semibold tabular-nums', props.valueClassName)}
            data-testid={`${props.testId}-value`}
          >
            {props.value}
          </p>
        )}
        <CardDescription>{props.hint}</CardDescription>
      </CardContent>
    </Card>
  )
}

/** The four cards of the period (spec §2): paid revenue, to receive, expenses, net balance (green ≥ 0, red < 0). */
export function FinancialCards({ period }: { period: Period }) {
  const { t } = useTranslation('financial')
  const valid = isValidRange(period.from, period.to)
  const summary = useQuery({ ...getSummaryQueryOptions(period.from, period.to), enabled: valid })
  const data = summary.data
  const loading = summary.isPending
  const saldoNegative = (parseDecimalCents(data?.saldo ?? '0') ?? 0) < 0
  if (summary.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t('cards.loadError')} {summary.error.message}
      </p>
    )
  }
  return (
    <section
      aria-label={t('period.label')}
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      aria-busy={loading}
    >
      <StatCard
        testId="card-receita-paga"
        title={t('cards.receitaPaga')}
        value={brl(data?.receitaPaga)}
        hint={t('cards.receitaPagaHint')}
        loading={loading}
        valueClassName="text-success-strong"
      />
      <StatCard
        testId="card-a-receber"
        title={t('cards.aReceber')}
        value={brl(data?.aReceber)}
        hint={t('cards.aReceberHint')}
        loading={loading}
      />
      <StatCard
        testId="card-despesas"
        title={t('cards.despesas')}
        value={brl(data?.despesasPagas)}
        hint={t('cards.despesasHint', { pendentes: brl(data?.despesasPendentes) })}
        loading={loading}
      />
      <StatCard
        testId="card-saldo"
        title={t('cards.saldo')}
        value={brl(data?.saldo)}
        hint={t('cards.saldoHint')}
        loading={loading}
        valueClassName={saldoNegative ? 'text-destructive' : 'text-success-strong'}
      />
    </section>
  )
}
