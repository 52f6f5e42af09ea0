import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import type { AppDeps } from '../../platform/app-env.server'
import type { JobDefinition } from '../../platform/jobs.server'
import { users } from '../auth/auth.table.server'
import { officeMembers, offices } from '../offices/offices.table.server'
import { officeSettings } from '../office-settings/office-settings.table.server'
import { events } from './agenda.table.server'

// The agenda's weekly e-mail, which an office turns on in Configurações Avançadas: the agenda reads that switch
// (office-settings is below it), never the other way round. The queue keeps its first name, so a deploy does not
// leave a schedule behind under an old one.
export const WEEKLY_REPORT_JOB = 'office-settings.weekly-report'

/** The week of `now` in São Paulo: Monday 00:00 to the next Monday 00:00, as instants. */
const weekStart = sql`(date_trunc('week', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')`

const TIPO_LABEL = { prazo: 'Prazo', audiencia: 'Audiência' } as const

/**
 * Configurações Avançadas → Relatórios semanais: every Monday 08:00, each office that opted in gets the
 * week's prazos and hearings by e-mail — at its alert address, or its active sócios' when it has none.
 * Returns the number of e-mails sent.
 */
export async function runWeeklyReport(deps: Pick<AppDeps, 'db' | 'mailer' | 'env'>): Promise<number> {
  const opted = await deps.db
    .select({
      officeId: officeSettings.officeId,
      nome: sql<string>`coalesce(nullif(${officeSettings.nomeEscritorio}, ''), ${offices.nome})`,
      alertEmail: officeSettings.alertEmail,
      from: sql<string>`to_char(${weekStart}, 'YYYY-MM-DD')`,
    })
    .from(officeSettings)
    .innerJoin(offices, eq(offices.id, officeSettings.officeId))
    .where(eq(officeSettings.weeklyReport, true))
  let sent = 0
  for (const office of opted) {
    const week = await deps.db
      .select({
        titulo: events.titulo,
        tipo: events.tipo,
        inicio: events.inicio,
        diaInteiro: events.diaInteiro,
      })
      .from(events)
      .where(
        and(
          eq(events.officeId, office.officeId),
          inArray(events.tipo, ['prazo', 'audiencia']),
          isNull(events.deletedAt),
          notInArray(events.status, ['cancelado', 'concluido']),
          sql`${events.inicio} >= ${weekStart} and ${events.inicio} < ${weekStart} + interval '7 days'`,
        ),
      )
      .orderBy(events.inicio)
    const recipients = office.alertEmail ? [office.alertEmail] : await socioEmails(deps, office.officeId)
    if (recipients.length === 0) continue
    const lines = week.map((event) => {
      const when = event.diaInteiro ? formatDateBR(event.inicio) : formatDateTimeBR(event.inicio)
      return `- ${TIPO_LABEL[event.tipo as keyof typeof TIPO_LABEL]}: ${event.titulo} (${when})`
    })
    const prazos = week.filter((event) => event.tipo === 'prazo').length
    const audiencias = week.length - prazos
    const text =
      `Relatório semanal do ${office.nome}: semana de ${formatDateBR(office.from)}.\n\n` +
      `${prazos} prazo(s) e ${audiencias} audiência(s) nesta semana.\n\n` +
      (lines.length > 0 ? `${lines.join('\n')}\n\n` : 'Nenhum prazo ou audiência nesta semana.\n\n') +
      `Veja na agenda: ${deps.env.publicUrl}${paths.dashboard.schedule}\n\n` +
      'Você recebe este e-mail porque o escritório ativou os relatórios semanais nas Configurações Avançadas.'
    for (const to of recipients) {
      await deps.mailer.send({ to, subject: `Relatório semanal: ${office.nome}`, text })
      sent++
    }
  }
  return sent
}

async function socioEmails(deps: Pick<AppDeps, 'db'>, officeId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ email: users.email })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(
      and(
        eq(officeMembers.officeId, officeId),
        eq(officeMembers.nivelAcesso, 'socio'),
        eq(officeMembers.ativo, true),
      ),
    )
  return rows.map((row) => row.email)
}

export const weeklyReportJobs: JobDefinition[] = [
  {
    name: WEEKLY_REPORT_JOB,
    // Mondays 08:00 São Paulo. No retries: a retry after a partial run would mail some offices twice.
    schedule: '0 8 * * 1',
    retryLimit: 0,
    handler: async ({ deps }) => {
      await runWeeklyReport(deps)
    },
  },
]
