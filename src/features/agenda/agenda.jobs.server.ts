import { and, eq, isNull, lte, notInArray, sql } from 'drizzle-orm'
import { formatDateBR, todayISO } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import type { AppDeps } from '../../platform/app-env.server'
import type { JobDefinition, JobRunner } from '../../platform/jobs.server'
import { log } from '../../platform/log.server'
import { users } from '../auth/auth.table.server'
import { linkedCaseScope } from '../cases/cases.public.server'
import { caseMembers } from '../cases/case-members.table.server'
import { createNotification } from '../notifications/notifications.public.server'
import { getOfficeSettings } from '../office-settings/office-settings.public.server'
import type { NivelAcesso } from '../offices/offices.public'
import { officeMembers } from '../offices/offices.table.server'
import { userSettings } from '../settings/settings.table.server'
import { EVENT_TYPE_LABELS, REMINDER_LABELS, type ReminderMinutes } from './agenda.schema'
import { CLOSED_STATUSES, type Executor } from './agenda.service.server'
import { events } from './agenda.table.server'
import { instantToZoned } from './agenda.time'

// Reminders (one pg-boss job per event, at inicio − lembrete) and the daily 07:00 digest of prazos in their
// early-warning window (docs/decisions/014-agenda.md).

export const REMINDER_JOB = 'agenda.reminder'
export const DIGEST_JOB = 'agenda.digest'

/** A reminder job carries ids and what it was scheduled for; the handler re-reads the event. */
export interface ReminderData {
  eventId: string
  officeId: string
  /** The event's inicio (ISO) and lembrete when scheduled: a job for an older schedule is skipped. */
  inicio: string
  lembrete: number
}

interface ReminderState {
  inicio: Date
  lembreteMinutos: number | null
  status: string
  deletedAt: Date | null
}

/** When the reminder is due; null when there is none (no lembrete, closed, deleted or already past). */
export function reminderAt(event: ReminderState, now: Date = new Date()): Date | null {
  if (event.lembreteMinutos === null || event.deletedAt !== null) return null
  if ((CLOSED_STATUSES as readonly string[]).includes(event.status)) return null
  const at = new Date(event.inicio.getTime() - event.lembreteMinutos * 60_000)
  return at.getTime() > now.getTime() ? at : null
}

/**
 * Cancels the event's previous reminder job and sends the one its current state asks for, storing the new
 * job id on the event. Runs after the change committed. A reminder is a convenience: a failure here is
 * logged, never turned into a failed request for a change that is already saved.
 */
export async function syncReminder(
  deps: { db: Executor; jobs: JobRunner },
  officeId: string,
  eventId: string,
  previousJobId: string | null,
): Promise<void> {
  // Tests that don't start the runner (createTestApp without { jobs }) simply get no reminders.
  if (!deps.jobs.started) return
  try {
    if (previousJobId !== null) await deps.jobs.cancel(REMINDER_JOB, previousJobId)
    const [event] = await deps.db
      .select({
        inicio: events.inicio,
        lembreteMinutos: events.lembreteMinutos,
        status: events.status,
        deletedAt: events.deletedAt,
        reminderJobId: events.reminderJobId,
      })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.officeId, officeId)))
    if (!event) return
    const at = reminderAt(event)
    let jobId: string | null = null
    if (at !== null && event.lembreteMinutos !== null) {
      const data: ReminderData = {
        eventId,
        officeId,
        inicio: event.inicio.toISOString(),
        lembrete: event.lembreteMinutos,
      }
      jobId = await deps.jobs.send(REMINDER_JOB, data, { startAfter: at })
    }
    if (jobId !== event.reminderJobId) {
      await deps.db
        .update(events)
        .set({ reminderJobId: jobId })
        .where(and(eq(events.id, eventId), eq(events.officeId, officeId)))
    }
  } catch (error) {
    log.error('agenda: falha ao agendar lembrete', { error })
  }
}

interface MemberLevel {
  memberId: string
  nivelAcesso: NivelAcesso
}

/**
 * The events (of one office) whose case the member sees at their level today: every one for a level that
 * sees every case, those with no case for the assistente, those with no case or a case where they are
 * responsible for the estagiário — the agenda's own rule (AgendaScope), for the notifications.
 */
async function visibleToMember<T extends { caseId: string | null }>(
  db: Executor,
  officeId: string,
  member: MemberLevel,
  rows: T[],
): Promise<T[]> {
  const scope = linkedCaseScope({ id: officeId, nivelAcesso: member.nivelAcesso }, member.memberId)
  if (scope.reach === 'full') return rows
  if (scope.reach === 'none' || rows.every((row) => row.caseId === null)) {
    return rows.filter((row) => row.caseId === null)
  }
  const own = await db
    .select({ caseId: caseMembers.caseId })
    .from(caseMembers)
    .where(and(eq(caseMembers.officeId, officeId), eq(caseMembers.memberId, member.memberId)))
  const ids = new Set(own.map((row) => row.caseId))
  return rows.filter((row) => row.caseId === null || ids.has(row.caseId))
}

const whenText = (inicio: Date, diaInteiro: boolean) => {
  const { data, hora } = instantToZoned(inicio)
  return diaInteiro ? formatDateBR(data) : `${formatDateBR(data)} às ${hora}`
}

/** The reminder: a notification to the event's creator and, if their settings allow, an e-mail. */
async function runReminder(deps: AppDeps, data: ReminderData): Promise<void> {
  const [event] = await deps.db
    .select({
      id: events.id,
      titulo: events.titulo,
      tipo: events.tipo,
      inicio: events.inicio,
      diaInteiro: events.diaInteiro,
      local: events.local,
      lembreteMinutos: events.lembreteMinutos,
      status: events.status,
      deletedAt: events.deletedAt,
      createdBy: events.createdBy,
      email: users.email,
      notifyEmail: userSettings.notifyEmail,
      member: officeMembers.userId,
      memberId: officeMembers.id,
      nivelAcesso: officeMembers.nivelAcesso,
      caseId: events.caseId,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .leftJoin(userSettings, eq(userSettings.userId, events.createdBy))
    // Someone who left the office gets no more of its reminders.
    .leftJoin(
      officeMembers,
      and(
        eq(officeMembers.officeId, events.officeId),
        eq(officeMembers.userId, events.createdBy),
        eq(officeMembers.ativo, true),
      ),
    )
    .where(and(eq(events.id, data.eventId), eq(events.officeId, data.officeId)))
  // Idempotent and stale-proof: the event may have moved, been cancelled or deleted since the job was sent.
  if (
    !event ||
    event.createdBy === null ||
    event.member === null ||
    event.deletedAt !== null ||
    (CLOSED_STATUSES as readonly string[]).includes(event.status) ||
    event.inicio.toISOString() !== data.inicio ||
    event.lembreteMinutos !== data.lembrete
  ) {
    return
  }
  // The creator hears of the event only while their level still sees its case (demoted, or taken off it).
  const creator =
    event.memberId !== null && event.nivelAcesso !== null
      ? { memberId: event.memberId, nivelAcesso: event.nivelAcesso }
      : null
  if (!creator || (await visibleToMember(deps.db, data.officeId, creator, [event])).length === 0) return
  // The office may turn prazo notifications off (Configurações Avançadas → Notificações, issue 12).
  if (event.tipo === 'prazo' && !(await getOfficeSettings(deps.db, data.officeId)).notifyPrazos) return
  const when = whenText(event.inicio, event.diaInteiro)
  const antecedencia = REMINDER_LABELS[data.lembrete as ReminderMinutes] ?? `${data.lembrete} minutos antes`
  const message = `${EVENT_TYPE_LABELS[event.tipo]} em ${when}${event.local ? ` — ${event.local}` : ''}.`
  const created = await createNotification(deps.db, {
    userId: event.createdBy,
    officeId: data.officeId,
    type: event.tipo === 'prazo' ? 'warning' : 'info',
    title: `Lembrete: ${event.titulo}`.slice(0, 200),
    message,
    link: paths.dashboard.schedule,
    sourceKey: `agenda.reminder:${event.id}:${data.inicio}:${data.lembrete}`,
  })
  // Only the run that created the notification mails it, so a retry does not mail twice.
  if (created === null || event.email === null || event.notifyEmail === false) return
  await deps.mailer.send({
    to: event.email,
    subject: `Lembrete (${antecedencia}): ${event.titulo}`,
    text:
      `${event.titulo}\n${message}\n\n` +
      `Veja na sua agenda: ${deps.env.publicUrl}${paths.dashboard.schedule}\n\n` +
      'Você recebe este e-mail porque ativou as notificações por e-mail nas configurações do JusConecta.',
  })
}

/**
 * The daily digest: per office, the prazos whose early-warning day has come and whose due day has not
 * passed; one notification per active member who keeps deadline notifications on.
 */
export async function runDigest(deps: Pick<AppDeps, 'db'>, today: string = todayISO()): Promise<number> {
  const rows = await deps.db
    .select({
      officeId: events.officeId,
      titulo: events.titulo,
      inicio: events.inicio,
      caseId: events.caseId,
    })
    .from(events)
    .where(
      and(
        lte(events.avisoEm, today),
        isNull(events.deletedAt),
        eq(events.tipo, 'prazo'),
        notInArray(events.status, [...CLOSED_STATUSES]),
        // The due day (00:00 São Paulo) is today or later.
        sql`${events.inicio} >= (${today}::date::timestamp at time zone 'America/Sao_Paulo')`,
      ),
    )
    .orderBy(events.officeId, events.inicio)
  const byOffice = new Map<string, { titulo: string; inicio: Date; caseId: string | null }[]>()
  for (const row of rows) {
    const list = byOffice.get(row.officeId) ?? []
    list.push(row)
    byOffice.set(row.officeId, list)
  }
  let sent = 0
  for (const [officeId, prazos] of byOffice) {
    // The office may turn prazo notifications off (Configurações Avançadas → Notificações, issue 12).
    if (!(await getOfficeSettings(deps.db, officeId)).notifyPrazos) continue
    const members = await deps.db
      .select({
        memberId: officeMembers.id,
        nivelAcesso: officeMembers.nivelAcesso,
        userId: officeMembers.userId,
        notifyDeadlines: userSettings.notifyDeadlines,
      })
      .from(officeMembers)
      .leftJoin(userSettings, eq(userSettings.userId, officeMembers.userId))
      .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.ativo, true)))
    for (const member of members) {
      // A team member without system access (issue 10: user_id null) has no one to notify.
      if (member.userId === null || member.notifyDeadlines === false) continue
      // Each member hears only of the prazos they see (events follow their case's visibility, spec §6).
      const visible = await visibleToMember(deps.db, officeId, member, prazos)
      if (visible.length === 0) continue
      const shown = visible.slice(0, 10).map((p) => `${p.titulo} (${whenText(p.inicio, true)})`)
      const more = visible.length > shown.length ? ` e mais ${visible.length - shown.length}` : ''
      const title = visible.length === 1 ? '1 prazo se aproxima' : `${visible.length} prazos se aproximam`
      const created = await createNotification(deps.db, {
        userId: member.userId,
        officeId,
        type: 'warning',
        title,
        message: `Vencimentos: ${shown.join('; ')}${more}.`.slice(0, 2000),
        link: paths.dashboard.schedule,
        sourceKey: `agenda.digest:${officeId}:${today}`,
      })
      if (created) sent++
    }
  }
  return sent
}

export const agendaJobs: JobDefinition[] = [
  {
    name: REMINDER_JOB,
    handler: ({ deps, data }) => runReminder(deps, data as ReminderData),
  },
  {
    name: DIGEST_JOB,
    schedule: '0 7 * * *',
    handler: async ({ deps }) => {
      await runDigest(deps)
    },
  },
]
