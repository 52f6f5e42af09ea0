import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/utils'
import type { EventRow } from './agenda.schema'
import { TYPE_DOT_CLASS } from './event-badges'

/** An event inside a calendar day: a button that opens it ('14:30 Audiência — Título'). */
export function EventChip({
  event,
  onOpen,
  compact = false,
}: {
  event: EventRow
  onOpen: (event: EventRow) => void
  /** One line, truncated (month cells); otherwise wraps (week columns, day lists). */
  compact?: boolean
}) {
  const { t } = useTranslation('agenda')
  const time = event.hora ?? t('row.allDay')
  const label = `${time}, ${t(`tipo.${event.tipo}`)}: ${event.titulo} (${t(`status.${event.status}`)})`
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid="calendar-event"
      onClick={() => onOpen(event)}
      className={cn(
        'flex w-full min-w-0 items-start gap-1.5 rounded-md border border-border bg-background px-1.5 py-1 text-left text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
        event.status === 'cancelado' && 'line-through opacity-70',
      )}
    >
      <span aria-hidden className={cn('mt-1 size-2 shrink-0 rounded-full', TYPE_DOT_CLASS[event.tipo])} />
      <span className={cn('min-w-0', compact ? 'truncate' : 'break-words')}>
        {event.hora && <span className="font-medium tabular-nums">{event.hora} </span>}
        {event.titulo}
      </span>
    </button>
  )
}
