import { Briefcase, MapPin, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { generatePath, Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import type { ApplicationStatus, JobSummary } from './entities.schema'

// Building blocks shared by the entity page and the two dashboard panels.

export const jobHref = (id: string) => generatePath(paths.job, { id })
export const entityHref = (slug: string) => generatePath(paths.entity, { slug })

export function StatTile({
  label,
  value,
  icon,
  hint,
}: {
  label: string
  value: ReactNode
  icon: ReactNode
  hint?: string
}) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardDescription>{label}</CardDescription>
        <span aria-hidden className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="px-4">
        <p className="text-2xl font-bold">{value}</p>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </CardContent>
    </Card>
  )
}

/** A titled card holding one list of a panel; `id` names the list for screen readers. */
export function PanelCard({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string
  title: string
  description?: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle>
            <h3 id={id}>{title}</h3>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

export function useNumber() {
  const { i18n } = useTranslation('entities')
  return (value: number) => new Intl.NumberFormat(i18n.language).format(value)
}

export function jobPlace(job: Pick<JobSummary, 'cidade' | 'uf' | 'remoto'>, remote: string): string | null {
  const place = job.cidade && job.uf ? `${job.cidade}, ${job.uf}` : job.uf
  if (job.remoto) return place ? `${remote} · ${place}` : remote
  return place
}

/** One job as a list item: title (the link to /vagas/:id), company, place, type/level/mode. */
export function JobItem({ job, extra }: { job: JobSummary; extra?: ReactNode }) {
  const { t } = useTranslation('entities')
  const place = jobPlace(job, t('job.remote')) ?? t('job.notInformed')
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="flex items-start gap-3">
        <Briefcase aria-hidden className="mt-1 size-4 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 flex-1 gap-1">
          <Link
            to={jobHref(job.id)}
            className="font-medium break-words underline-offset-4 hover:underline focus-visible:underline"
          >
            {job.titulo}
          </Link>
          <p className="text-sm break-words text-muted-foreground">{job.empresa}</p>
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="break-words">{place}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{job.tipo}</Badge>
        <Badge variant="outline">{job.nivel}</Badge>
        <Badge variant="outline">{job.modalidade}</Badge>
        {job.salario && <span className="text-sm">{job.salario}</span>}
        {extra}
      </div>
    </li>
  )
}

const STATUS_VARIANT: Record<
  ApplicationStatus,
  'secondary' | 'outline' | 'success' | 'warning' | 'destructive'
> = {
  recebida: 'secondary',
  em_analise: 'warning',
  entrevista: 'outline',
  aprovada: 'success',
  recusada: 'destructive',
}

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('entities')
  return <Badge variant={STATUS_VARIANT[status]}>{t(`applicationStatus.${status}`)}</Badge>
}

export const dateBR = (iso: string) => formatDateBR(iso)

/** The skeleton of a panel while its one request runs. */
export function PanelSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    </div>
  )
}

export function PanelError({
  title,
  message,
  onRetry,
}: {
  title: string
  message: string
  onRetry?: () => void
}) {
  const { t } = useTranslation('entities')
  return (
    <Card role="alert" className="border-destructive/40">
      <CardContent className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <TriangleAlert aria-hidden className="size-6 shrink-0 text-destructive" />
        <div className="grid flex-1 gap-1">
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-muted-foreground">{message}</p>
        </div>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            {t('panel.retry')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
