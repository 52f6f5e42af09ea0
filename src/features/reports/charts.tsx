import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

// The charts of Relatórios and Analytics. recharts is imported ONLY here, and this file only by the two lazily
// loaded pages: the landing page and the dashboard shell never download it. Each chart is a picture of the
// table below it (the table is what screen readers and the exports read), so the figure has a text label.
// No animation: the numbers are there at once (and nothing moves for people who asked for reduced motion).

export interface Series {
  key: string
  label: string
  color: string
}

export const CHART_COLORS = {
  primary: 'var(--primary)',
  success: 'var(--success)',
  warning: 'var(--warning)',
  muted: 'var(--muted-foreground)',
} as const

const axis = { fontSize: 12, fill: 'var(--muted-foreground)' }
const tooltipStyle = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 12,
  },
  cursor: { fill: 'var(--muted)', opacity: 0.5 },
}

interface ChartProps {
  label: string
  data: object[]
  xKey: string
  series: Series[]
  format?: (value: number) => string
  /** The axis' shorter form of `format` (defaults to it). */
  tickFormat?: (value: number) => string
  height?: number
}

function Figure({
  label,
  height,
  children,
}: {
  label: string
  height: number
  children: React.ReactElement
}) {
  return (
    <figure aria-label={label} role="img" className="w-full" style={{ height }} data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </figure>
  )
}

export function BarsChart({ label, data, xKey, series, format, tickFormat, height = 260 }: ChartProps) {
  return (
    <Figure label={label} height={height}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey={xKey} tick={axis} interval={0} tickLine={false} />
        <YAxis tick={axis} width={72} tickFormatter={tickFormat ?? format} allowDecimals={false} />
        <Tooltip {...tooltipStyle} formatter={(value) => (format ? format(Number(value)) : String(value))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Figure>
  )
}

export function LinesChart({ label, data, xKey, series, format, height = 260 }: ChartProps) {
  return (
    <Figure label={label} height={height}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
        <XAxis dataKey={xKey} tick={axis} tickLine={false} />
        <YAxis tick={axis} width={40} tickFormatter={format} allowDecimals={false} />
        <Tooltip {...tooltipStyle} cursor={{ stroke: 'var(--border)' }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Figure>
  )
}
