import type { LucideIcon } from 'lucide-react'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'

export interface StatCard {
  key: string
  label: string
  /** Already formatted; undefined shows a dash. */
  value: string | undefined
  icon: LucideIcon
}

/** Four number cards (shared with the team-management page). */
export function StatCards({ label, cards, loading }: { label: string; cards: StatCard[]; loading: boolean }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, label: cardLabel, value, icon: Icon }) => (
        <Card key={key} className="gap-2 py-4" data-testid={`team-stat-${key}`}>
          <CardContent className="flex items-start justify-between gap-2 px-4">
            <div className="grid gap-1">
              <p className="text-sm text-muted-foreground">{cardLabel}</p>
              {loading ? (
                <Skeleton className="h-7 w-12" />
              ) : (
                <p className="text-2xl font-semibold tabular-nums">{value ?? '—'}</p>
              )}
            </div>
            <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
