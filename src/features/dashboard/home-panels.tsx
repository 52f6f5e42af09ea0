import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card'

// The student and entity panels of the dashboard home are real since issue 13: they live in the entities
// feature (GET /api/entities/panels/*). This file keeps the dashboard's stat card and re-exports them.
export { EntityPanel, StudentPanel } from '../entities/entities.public'

export function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardDescription>{label}</CardDescription>
        <span aria-hidden className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="px-4 text-2xl font-bold">{value}</CardContent>
    </Card>
  )
}
