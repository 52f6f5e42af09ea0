import { Eye } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { formatDateBR } from '../../lib/br/dates'
import { cn } from '../../lib/utils'
import type { EventPriority, EventRow, EventStatus, EventType } from './agenda.schema'

// The small labels every agenda view shares (list rows, calendar chips, record sections).

const STATUS_VARIANT = {
  agendado: 'secondary',
  confirmado: 'success',
  cancelado: 'outline',
  concluido: 'outline',
} as const satisfies Record<EventStatus, 'secondary' | 'success' | 'outline'>

// The primitive's solid destructive badge measures under WCAG AA's 4.5:1 on the dark theme: a red tint instead.
const HIGH_PRIORITY_CLASS =
  'border-red-300 bg-red-100 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'

/** Colour dot of a type in the calendars (the name is always written next to it). */
export const TYPE_DOT_CLASS: Record<EventType, string> = {
  audiencia: 'bg-purple-600',
  prazo: 'bg-red-600',
  reuniao: 'bg-blue-600',
  lembrete: 'bg-amber-500',
}

export function StatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation('agenda')
  return (
    <Badge variant={STATUS_VARIANT[status]} className={cn(status === 'cancelado' && 'line-through')}>
      {t(`status.${status}`)}
    </Badge>
  )
}

export function TypeBadge({ tipo }: { tipo: EventType }) {
  const { t } = useTranslation('agenda')
  return (
    <Badge variant="outline">
      <span aria-hidden className={cn('size-2 rounded-full', TYPE_DOT_CLASS[tipo])} />
      {t(`tipo.${tipo}`)}
    </Badge>
  )
}

export function PriorityBadge({ prioridade }: { prioridade: EventPriority }) {
  const { t } = useTranslation('agenda')
  return (
    <Badge
      variant={prioridade === 'media' ? 'warning' : prioridade === 'baixa' ? 'secondary' : 'outline'}
      className={prioridade === 'alta' ? HIGH_PRIORITY_CLASS : undefined}
    >
      {t('priorityLabel', { value: t(`prioridade.${prioridade}`) })}
    </Badge>
  )
}

/** 'Visível ao cliente': the client portal shows the event (issue 26). */
export function VisibleToClientBadge() {
  const { t } = useTranslation('agenda')
  return (
    <Badge variant="success">
      <Eye aria-hidden />
      {t('row.visivelCliente')}
    </Badge>
  )
}

export function ProximoBadge() {
  const { t } = useTranslation('agenda')
  return <Badge data-testid="event-proximo">{t('row.proximo')}</Badge>
}

/** '05/03/2026 14:30' or '05/03/2026 (dia inteiro)' — São Paulo wall time, as the API gives it. */
export function useEventWhen() {
  const { t } = useTranslation('agenda')
  return (event: Pick<EventRow, 'data' | 'hora'>) =>
    event.hora
      ? `${formatDateBR(event.data)} ${event.hora}`
      : `${formatDateBR(event.data)} (${t('row.allDay')})`
}
