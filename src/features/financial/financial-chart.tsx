import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { centsToBRL, parseDecimalCents } from '../../lib/br/money'
import { getChartQueryOptions } from './use-financial'

// The 12-month chart of paid revenue vs expenses. recharts is imported ONLY here, and this file is loaded lazily
// by the Financeiro page (React.lazy): the dashboard shell never downloads it. A visually hidden table carries the
// same numbers for screen readers. No animation: the numbers are there at once.

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez']

const monthLabel = (mes: string) => `${MONTHS[Number(mes.slice(5, 7)) - 1] ?? ''}/${mes.slice(2, 4)}`
const reais = (value: string) => (parseDecimalCents(value) ?? 0) / 100
const brl = (value: number) => centsToBRL(Math.round(value * 100))
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 })

export function FinancialChart() {
  const { t } = useTranslation('financial')
  const chart = useQuery(getChartQueryOptions())
  const data = (chart.data?.months ?? []).map((m) => ({
    mes: monthLabel(m.mes),
    receitas: reais(m.receitas),
    despesas: reais(m.despesas),
  }))
  const empty = data.every((d) => d.receitas === 0 && d.despesas === 0)
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">{t('chart.title')}</h2>
        </CardTitle>
        <CardDescription>{t('chart.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {chart.isPending ? (
          <Skeleton className="h-64 w-full" aria-label={t('chart.loading')} />
        ) : chart.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('chart.loadError')}
          </p>
        ) : (
          <figure aria-label={t('chart.title')} data-testid="financial-chart">
            {empty && <p className="mb-2 text-sm text-muted-foreground">{t('chart.empty')}</p>}
            <div className="h-64 w-full" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={data}
                  margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                  <XAxis dataKey="mes" tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }} />
                  <YAxis
                    width={56}
                    tick={{ fontSize: 12, fill: 'var(--muted-foreground)' }}
                    tickFormatter={(v: number) => compact.format(v)}
                  />
                  <Tooltip
                    formatter={(value) => brl(Number(value))}
                    contentStyle={{
                      background: 'var(--popover)',
                      color: 'var(--popover-foreground)',
                      border: '1px solid var(--border)',
                      borderRadius: 8,
                      fontSize: 12,
                    }}
                    cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
                  />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Bar
                    dataKey="receitas"
                    name={t('chart.receitas')}
                    fill="var(--success)"
                    isAnimationActive={false}
                  />
                  <Bar
                    dataKey="despesas"
                    name={t('chart.despesas')}
                    fill="var(--destructive)"
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </div>
            {/* A table ignores the width sr-only gives it: its wrapper is what stays 1 px wide. */}
            <div className="sr-only">
              <table>
                <caption>{t('chart.description')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('period.label')}</th>
                    <th scope="col">{t('chart.receitas')}</th>
                    <th scope="col">{t('chart.despesas')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((d) => (
                    <tr key={d.mes}>
                      <th scope="row">{d.mes}</th>
                      <td>{brl(d.receitas)}</td>
                      <td>{brl(d.despesas)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
  )
}
