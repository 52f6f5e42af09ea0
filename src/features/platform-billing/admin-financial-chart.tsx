import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { centsToBRL, parseDecimalCents } from '../../lib/br/money'
import type { AdminFinancialOverview } from './platform-billing.admin.schema'

// 'Receita por plano' of /admin/financial: six months of paid money, monthly and annual plans stacked. recharts is
// imported only here, and this file only by the lazily loaded page. The chart is a picture of numbers a screen
// reader gets from the hidden table; the per-plan table below it is visible to everyone. No animation.

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez']
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''}/${month.slice(2, 4)}`
const reais = (value: string) => (parseDecimalCents(value) ?? 0) / 100
const brl = (value: number) => centsToBRL(Math.round(value * 100))
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 })
const axis = { fontSize: 12, fill: 'var(--muted-foreground)' }

export function RevenueByPlanCard({ data }: { data: AdminFinancialOverview | undefined }) {
  const { t } = useTranslation('adminFinancial')
  const points = (data?.revenueByMonth ?? []).map((m) => ({
    month: monthLabel(m.month),
    monthly: reais(m.monthly),
    annual: reais(m.annual),
  }))
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">{t('byPlan.title')}</h2>
        </CardTitle>
        <CardDescription>{t('byPlan.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!data ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <figure aria-label={t('byPlan.title')} data-testid="revenue-chart">
            <div className="h-56 w-full" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={points}
                  margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                  <XAxis dataKey="month" tick={axis} tickLine={false} />
                  <YAxis width={56} tick={axis} tickFormatter={(v: number) => compact.format(v)} />
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
                    dataKey="monthly"
                    stackId="plan"
                    name={t('plan.monthly')}
                    fill="var(--primary)"
                    isAnimationActive={false}
                  />
                  <Bar
                    dataKey="annual"
                    stackId="plan"
                    name={t('plan.annual')}
                    fill="var(--success)"
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <div className="sr-only">
              <table>
                <caption>{t('byPlan.description')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('byPlan.month')}</th>
                    <th scope="col">{t('plan.monthly')}</th>
                    <th scope="col">{t('plan.annual')}</th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.month}>
                      <th scope="row">{p.month}</th>
                      <td>{brl(p.monthly)}</td>
                      <td>{brl(p.annual)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        )}
        {data && (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('byPlan.plan')}</TableHead>
                <TableHead className="text-right">{t('byPlan.subscribers')}</TableHead>
                <TableHead className="text-right">{t('byPlan.revenue12m')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.plans.map((plan) => (
                <TableRow key={plan.plan} data-testid={`plan-${plan.plan}`}>
                  <TableCell>{t(`plan.${plan.plan}`)}</TableCell>
                  <TableCell className="text-right">{plan.subscribers}</TableCell>
                  <TableCell className="text-right">
                    {centsToBRL(parseDecimalCents(plan.revenue12m))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
