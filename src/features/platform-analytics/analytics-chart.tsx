import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

// recharts is imported ONLY here, and this file only by the lazily loaded /admin/analytics page: the
// landing page and every other screen never download it. No animation: the numbers are there at once.

const axis = { fontSize: 12, fill: 'var(--muted-foreground)' }

export function ViewsPerDayChart({
  label,
  data,
  seriesLabel,
}: {
  label: string
  data: { label: string; views: number }[]
  seriesLabel: string
}) {
  return (
    <figure aria-label={label} role="img" className="h-64 w-full" data-testid="analytics-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
          <XAxis dataKey="label" tick={axis} tickLine={false} minTickGap={12} />
          <YAxis tick={axis} width={40} allowDecimals={false} />
          <Tooltip
            contentStyle={{
              background: 'var(--popover)',
              color: 'var(--popover-foreground)',
              border: '1px solid var(--border)',
              borderRadius: 8,
              fontSize: 12,
            }}
            cursor={{ fill: 'var(--muted)', opacity: 0.5 }}
          />
          <Bar
            dataKey="views"
            name={seriesLabel}
            fill="var(--primary)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  )
}
