import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

// The charts of /admin/reports. recharts is imported ONLY here, and this file only by the lazily loaded page.
// Each figure is a picture of the numbers next to it (a visually hidden table for screen readers), so the
// figure itself is one labelled image. No animation: the numbers are there at once.

export const PIE_COLORS = ['var(--primary)', 'var(--success)', 'var(--warning)'] as const

const axis = { fontSize: 12, fill: 'var(--muted-foreground)' }
const tooltipStyle = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 12,
  },
}

export interface SeriesPoint {
  label: string
  value: number
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
    <figure aria-label={label} role="img" className="w-full" style={{ height }} data-testid="reports-chart">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </figure>
  )
}

/** The same numbers as a table, for screen readers (the chart is an image to them). */
function DataTable({
  caption,
  data,
  format,
}: {
  caption: string
  data: SeriesPoint[]
  format: (n: number) => string
}) {
  return (
    // The wrapper hides it: a table ignores the 1 px width of sr-only and would widen a phone page.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <tbody>
          {data.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

interface SeriesChartProps {
  label: string
  name: string
  data: SeriesPoint[]
  format?: (value: number) => string
  tickFormat?: (value: number) => string
  /** The axis' top when every value is smaller (an all-zero series still gets a readable scale). */
  minTop?: number
  tickWidth?: number
  height?: number
}

export function SeriesBars({
  label,
  name,
  data,
  format = String,
  tickFormat,
  minTop = 4,
  tickWidth = 40,
  height = 240,
}: SeriesChartProps) {
  return (
    <>
      <Figure label={label} height={height}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={axis} tickLine={false} minTickGap={12} />
          <YAxis
            tick={axis}
            width={tickWidth}
            tickFormatter={tickFormat ?? format}
            allowDecimals={false}
            domain={[0, (max: number) => Math.max(max, minTop)]}
          />
          <Tooltip
            {...tooltipStyle}
            cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
            formatter={(value) => format(Number(value))}
          />
          <Bar
            dataKey="value"
            name={name}
            fill="var(--primary)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </Figure>
      <DataTable caption={label} data={data} format={format} />
    </>
  )
}

export function SeriesLine({ label, name, data, format = String, height = 240 }: SeriesChartProps) {
  return (
    <>
      <Figure label={label} height={height}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={axis} tickLine={false} minTickGap={12} />
          <YAxis
            tick={axis}
            width={40}
            tickFormatter={format}
            allowDecimals={false}
            domain={[0, (max: number) => Math.max(max, 4)]}
          />
          <Tooltip
            {...tooltipStyle}
            cursor={{ stroke: 'var(--border)' }}
            formatter={(value) => format(Number(value))}
          />
          <Line
            type="linear"
            dataKey="value"
            name={name}
            stroke="var(--success)"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </Figure>
      <DataTable caption={label} data={data} format={format} />
    </>
  )
}

/** The user types as a donut; the legend with counts and shares is the page's own list beside it. */
export function SharesPie({ label, data }: { label: string; data: SeriesPoint[] }) {
  return (
    <Figure label={label} height={200}>
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          innerRadius="55%"
          outerRadius="90%"
          stroke="var(--background)"
          isAnimationActive={false}
        >
          {data.map((point, i) => (
            <Cell key={point.label} fill={PIE_COLORS[i % PIE_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip {...tooltipStyle} />
      </PieChart>
    </Figure>
  )
}
