import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { cases } from '../cases/cases.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { timeEntries } from './timesheet.table.server'

/**
 * The person's time entries in every office, for "Baixar meus dados" (LGPD art. 18, II and V; privacy's export
 * section `timeEntries`, wired by the shell): their own team records only, deleted entries included.
 */
export async function personalTimeEntries(tx: Executor, userId: string) {
  return tx
    .select({
      officeId: timeEntries.officeId,
      caseId: timeEntries.caseId,
      caseTitulo: cases.titulo,
      data: timeEntries.data,
      inicio: timeEntries.inicio,
      fim: timeEntries.fim,
      minutos: timeEntries.minutos,
      descricao: timeEntries.descricao,
      faturavel: timeEntries.faturavel,
      createdAt: timeEntries.createdAt,
      deletedAt: timeEntries.deletedAt,
    })
    .from(timeEntries)
    .innerJoin(officeMembers, eq(officeMembers.id, timeEntries.memberId))
    .innerJoin(cases, eq(cases.id, timeEntries.caseId))
    .where(eq(officeMembers.userId, userId))
    .orderBy(asc(timeEntries.data))
}
