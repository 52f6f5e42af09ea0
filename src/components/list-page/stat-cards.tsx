import type { LucideIcon } from 'lucide-react'
import { Card, CardContent } from '../ui/card'
import { Skeleton } from '../ui/skeleton'

export interface StatCardItem {
  key: string
  label: string
  /** Already formatted (see `formatCount`); undefined shows a dash. */
  value: string | undefined
  icon: LucideIcon
  /** The value's text classes when the default (a big number) doesn't fit, e.g. a sum of money. */
  valueClassName?: string
}

const countFormat = new Intl.NumberFormat('pt-BR')

/** '1.234', or undefined (a dash) while the number is unknown. */
export function formatCount(value: number | undefined): string | undefined {
  return value === undefined ? undefined : countFormat.format(value)
}

/**
 * Cards of counts read from one stats answer: `defs` names each key and its icon, in order; `labelOf`
 * gives a key's translated label. A count not read yet shows a dash.
 */
export function countCards<K extends string>(
  data: Readonly<Record<K, number>> | undefined,
  defs: readonly (readonly [K, LucideIcon])[],
  labelOf: (key: K) => string,
): StatCardItem[] {
  return defs.map(([key, icon]) => ({ key, label: labelOf(key), value: formatCount(data?.[key]), icon }))
}

/**
 * The row of number cards above a list (two columns on a phone, four from `lg`). `label` names the
 * section for screen readers; `testIdPrefix` makes each card's `data-testid` ('<prefix>-<key>').
 */
export function StatCards(props: {
  label: string
  cards: readonly StatCardItem[]
  loading: boolean
  testIdPrefix: string
  /** The placeholder's width while loading (a money value is wider than a count). */
  skeletonClassName?: string
}) {
  return (
    <section aria-label={props.label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {props.cards.map((card) => (
        <StatCard
          key={card.key}
          card={card}
          loading={props.loading}
          testId={`${props.testIdPrefix}-${card.key}`}
          skeletonClassName={props.skeletonClassName}
        />
      ))}
    </section>
  )
}

export function StatCard({
  card: { label, value, icon: Icon, valueClassName },
  loading,
  testId,
  skeletonClassName = 'h-7 w-12',
}: {
  card: StatCardItem
  loading: boolean
  testId: string
  skeletonClassName?: string | undefined
}) {
  return (
    <Card className="gap-2 py-4" data-testid={testId}>
      <CardContent className="flex items-start justify-between gap-2 px-4">
        <div className="grid min-w-0 gap-1">
          <p className="text-sm text-muted-foreground">{label}</p>
          {loading ? (
            <Skeleton className={skeletonClassName} />
          ) : (
            <p className={valueClassName ?? 'text-2xl font-semibold tabular-nums'}>{value ?? '—'}</p>
          )}
        </div>
        <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      </CardContent>
    </Card>
  )
}
