import { lazy, Suspense, useState } from 'react'
import { Bell, Check, Clock, MapPin, Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { cn } from '../../lib/utils'
import { isProximo } from './calendar-days'
import type { EventRow } from './agenda.schema'
import {
  PriorityBadge,
  ProximoBadge,
  StatusBadge,
  TypeBadge,
  useEventWhen,
  VisibleToClientBadge,
} from './event-badges'

// The trail view (and its 'prazos' texts) loads only when someone opens a prazo's trail.
const DeadlineResult = lazy(() =>
  import('../prazos/prazos.public').then((m) => ({ default: m.DeadlineResult })),
)
const NO_NAMES: ReadonlyMap<string, string> = new Map()

export interface EventActions {
  onEdit: (event: EventRow) => void
  onConfirm: (event: EventRow) => void
  onRemove: (event: EventRow) => void
}

/** One event of the list: every field of spec §2's row, then Editar / Confirmar / Remover. */
export function EventCard({ event, now, ...actions }: EventActions & { event: EventRow; now: Date }) {
  const { t } = useTranslation('agenda')
  const when = useEventWhen()
  const [trailOpen, setTrailOpen] = useState(false)
  const titleId = `event-${event.id}-title`

  return (
    <article
      aria-labelledby={titleId}
      data-testid="event-row"
      className={cn(
        'grid gap-3 rounded-lg border p-4 sm:grid-cols-[1fr_auto]',
        event.status === 'cancelado' && 'opacity-75',
      )}
    >
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="min-w-0 font-semibold break-words">
            {event.titulo}
          </h3>
          <StatusBadge status={event.status} />
          <TypeBadge tipo={event.tipo} />
          <PriorityBadge prioridade={event.prioridade} />
          {isProximo(event.inicio, now) && <ProximoBadge />}
          {event.visivelCliente && <VisibleToClientBadge />}
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm text-muted-foreground sm:grid-cols-2">
          <Item icon={<Clock aria-hidden className="size-4" />} label={t('row.when')} srOnly>
            <span className="text-foreground tabular-nums" data-testid="event-when">
              {when(event)}
            </span>
          </Item>
          {event.local && (
            <Item icon={<MapPin aria-hidden className="size-4" />} label={t('row.local')}>
              {event.local}
            </Item>
          )}
          <Item icon={<Bell aria-hidden className="size-4" />} label={t('row.lembrete')}>
            {event.lembreteMinutos === null ? t('lembrete.none') : t(`lembrete.${event.lembreteMinutos}`)}
          </Item>
          {event.cliente && (
            <Item label={t('row.cliente')}>
              <Link
                className="text-primary underline-offset-4 hover:underline"
                to={`${paths.dashboard.crm}?${new URLSearchParams({ search: event.cliente.nomeCompleto })}`}
              >
                {event.cliente.nomeCompleto}
              </Link>
            </Item>
          )}
          {event.caso && (
            <Item label={t('row.caso')}>
              <Link
                className="text-primary underline-offset-4 hover:underline"
                to={`${paths.dashboard.cases}?${new URLSearchParams({ search: event.caso.titulo })}`}
                title={event.caso.numeroProcesso ?? undefined}
              >
                {event.caso.titulo}
              </Link>
            </Item>
          )}
          {event.avisoEm && event.status !== 'concluido' && (
            <p className="sm:col-span-2">{t('row.avisoEm', { date: formatDateBR(event.avisoEm) })}</p>
          )}
        </dl>
        {event.descricao && <p className="text-sm break-words whitespace-pre-line">{event.descricao}</p>}
        {event.prazo && (
          <details onToggle={(e) => setTrailOpen(e.currentTarget.open)} className="text-sm">
            <summary className="cursor-pointer font-medium text-primary">{t('row.trail')}</summary>
            {trailOpen && (
              <div className="mt-3">
                <Suspense fallback={<Spinner label={t('calendar.loading')} />}>
                  <DeadlineResult result={event.prazo} closureNames={NO_NAMES} />
                </Suspense>
              </div>
            )}
          </details>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-end gap-1 sm:flex-col sm:items-end">
        <Button
          variant="outline"
          size="sm"
          aria-label={t('row.editLabel', { name: event.titulo })}
          onClick={() => actions.onEdit(event)}
        >
          <Pencil aria-hidden />
          {t('row.edit')}
        </Button>
        {event.status === 'agendado' && (
          <Button
            size="sm"
            aria-label={t('row.confirmLabel', { name: event.titulo })}
            onClick={() => actions.onConfirm(event)}
          >
            <Check aria-hidden />
            {t('row.confirm')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          aria-label={t('row.removeLabel', { name: event.titulo })}
          onClick={() => actions.onRemove(event)}
        >
          <Trash2 aria-hidden />
          {t('row.remove')}
        </Button>
      </div>
    </article>
  )
}

function Item({
  icon,
  label,
  srOnly,
  children,
}: {
  icon?: React.ReactNode
  label: string
  srOnly?: boolean
  children: React.ReactNode
}) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      {icon}
      <dt className={srOnly || icon ? 'sr-only' : 'shrink-0'}>{srOnly ? label : `${label}:`}</dt>
      <dd className="min-w-0 truncate">{children}</dd>
    </div>
  )
}
