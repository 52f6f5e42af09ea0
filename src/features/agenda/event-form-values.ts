import { todaySP } from './calendar-days'
import {
  visibleToClientByDefault,
  type EventInput,
  type EventPriority,
  type EventRow,
  type EventStatus,
  type EventType,
  type EventUpdateInput,
  type ReminderMinutes,
} from './agenda.schema'

// The event dialog's values as typed, and the body its submit sends (POST or PATCH /api/agenda/events).

export const NO_REMINDER = 'none'

export interface EventValues {
  titulo: string
  tipo: EventType
  data: string
  hora: string
  prioridade: EventPriority
  status: EventStatus
  local: string
  caseId: string
  clientId: string
  /** A REMINDER_OPTIONS value as text, or NO_REMINDER (a Select item can't hold ''). */
  lembrete: string
  descricao: string
  /** 'Visível ao cliente' (issue 26); offered only for an event with a client or a case. */
  visivelCliente: boolean
}

/** Prefill of a new event: the calendar's selected day, or the case/client the dialog was opened from. */
export interface EventDefaults {
  data?: string
  caso?: { id: string; label: string }
  cliente?: { id: string; label: string }
}

export function valuesOf(event: EventRow | null, defaults: EventDefaults): EventValues {
  if (event) {
    return {
      titulo: event.titulo,
      tipo: event.tipo,
      data: event.data,
      hora: event.hora ?? '',
      prioridade: event.prioridade,
      status: event.status,
      local: event.local ?? '',
      caseId: event.caso?.id ?? '',
      clientId: event.cliente?.id ?? '',
      lembrete: event.lembreteMinutos === null ? NO_REMINDER : String(event.lembreteMinutos),
      descricao: event.descricao ?? '',
      visivelCliente: event.visivelCliente,
    }
  }
  const caseId = defaults.caso?.id ?? ''
  return {
    titulo: '',
    tipo: 'audiencia',
    data: defaults.data ?? todaySP(),
    hora: '',
    prioridade: 'media',
    status: 'agendado',
    local: '',
    caseId,
    clientId: defaults.cliente?.id ?? '',
    lembrete: NO_REMINDER,
    descricao: '',
    visivelCliente: visibleToClientByDefault('audiencia', caseId),
  }
}

/** Whether 'Visível ao cliente' means anything: the portal shows an event to the client of its client or case. */
export const hasClientOrCase = (values: Pick<EventValues, 'caseId' | 'clientId'>) =>
  values.caseId !== '' || values.clientId !== ''

/**
 * The body the dialog sends: POST's for a new event, PATCH's for `event` (its status too; a link or a visibility
 * left as it was is left out, since the client or case may have become inactive since). A new event without a
 * client or case sends no visibility: the server decides it.
 */
export function eventBody(
  values: EventValues,
  event: EventRow | null,
  defaultValues: EventValues,
): EventInput | EventUpdateInput {
  const common = {
    titulo: values.titulo.trim(),
    tipo: values.tipo,
    data: values.data,
    hora: values.tipo === 'prazo' ? null : values.hora,
    prioridade: values.prioridade,
    local: values.local.trim() === '' ? null : values.local.trim(),
    lembreteMinutos: values.lembrete === NO_REMINDER ? null : (Number(values.lembrete) as ReminderMinutes),
    descricao: values.descricao.trim() === '' ? null : values.descricao,
  }
  if (event) {
    return {
      ...common,
      status: values.status,
      ...(values.clientId === defaultValues.clientId ? {} : { clientId: values.clientId || null }),
      ...(values.caseId === defaultValues.caseId ? {} : { caseId: values.caseId || null }),
      ...(values.visivelCliente === defaultValues.visivelCliente
        ? {}
        : { visivelCliente: values.visivelCliente }),
    }
  }
  return {
    ...common,
    ...(values.clientId ? { clientId: values.clientId } : {}),
    ...(values.caseId ? { caseId: values.caseId } : {}),
    ...(hasClientOrCase(values) ? { visivelCliente: values.visivelCliente } : {}),
  }
}
