import { and, eq, isNull, sql } from 'drizzle-orm'
import { formatDateBR } from '../../lib/br/dates'
import { events } from '../agenda/agenda.table.server'
import { linkedCaseScope, reachableCases } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { suggestPrazoDias } from './publications.html.server'
import type { CasePrefill, PrazoPrefill } from './publications.schema'
import { publications } from './publications.table.server'
import { visibleTo, type Executor, type PublicationScope } from './publications.visibility.server'

type Row = typeof publications.$inferSelect

/** The item when the member sees it (SELECT … FOR UPDATE inside a change's transaction); else null (404). */
export async function visibleRow(
  db: Executor,
  scope: PublicationScope,
  id: string,
  forUpdate = false,
): Promise<Row | null> {
  const visible = visibleTo(scope)
  const query = db
    .select()
    .from(publications)
    .where(
      and(eq(publications.officeId, scope.officeId), eq(publications.id, id), ...(visible ? [visible] : [])),
    )
    .limit(1)
  const [row] = forUpdate ? await query.for('update', { of: publications }) : await query
  return row ?? null
}

/** 'Marcar como tratada' (who and when) or back to 'Não tratada'. A cancelled item keeps its status. */
export async function setStatus(
  db: Executor,
  scope: PublicationScope,
  row: Row,
  status: 'tratada' | 'nao_tratada',
): Promise<void> {
  await db
    .update(publications)
    .set(
      status === 'tratada'
        ? { status, treatedBy: scope.userId, treatedAt: sql`now()`, updatedAt: sql`now()` }
        : { status, treatedBy: null, treatedAt: null, updatedAt: sql`now()` },
    )
    .where(and(eq(publications.officeId, scope.officeId), eq(publications.id, row.id)))
}

/** A case of the office the member reaches (not deleted), or null. */
export async function reachableCase(db: Executor, scope: PublicationScope, caseId: string) {
  const reach = reachableCases(
    linkedCaseScope({ id: scope.officeId, nivelAcesso: scope.nivelAcesso }, scope.memberId),
  )
  const [row] = await db
    .select({ id: cases.id, clientId: cases.clientId, titulo: cases.titulo })
    .from(cases)
    .where(
      and(
        eq(cases.officeId, scope.officeId),
        eq(cases.id, caseId),
        isNull(cases.deletedAt),
        ...(reach ? [reach] : []),
      ),
    )
  return row ?? null
}

export async function linkCase(
  db: Executor,
  scope: PublicationScope,
  row: Row,
  caseId: string | null,
): Promise<void> {
  await db
    .update(publications)
    .set({ caseId, updatedAt: sql`now()` })
    .where(and(eq(publications.officeId, scope.officeId), eq(publications.id, row.id)))
}

/** The prazo event created from the item, when it is one of the office's prazos (not deleted). */
export async function prazoEventExists(db: Executor, officeId: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.officeId, officeId),
        eq(events.id, eventId),
        eq(events.tipo, 'prazo'),
        isNull(events.deletedAt),
      ),
    )
  return row !== undefined
}

/** Records the prazo on the item: it counts in 'Prazos criados' and is 'Tratada' (unless cancelled). */
export async function linkPrazo(
  db: Executor,
  scope: PublicationScope,
  row: Row,
  eventId: string,
): Promise<void> {
  await db
    .update(publications)
    .set({
      prazoEventId: eventId,
      ...(row.status === 'cancelada'
        ? {}
        : { status: 'tratada' as const, treatedBy: scope.userId, treatedAt: sql`now()` }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(publications.officeId, scope.officeId), eq(publications.id, row.id)))
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/** 'Criar prazo': what the agenda's deadline dialog starts with. */
export async function prazoPrefill(db: Executor, scope: PublicationScope, row: Row): Promise<PrazoPrefill> {
  const kase = row.caseId ? await reachableCase(db, scope, row.caseId) : null
  const tipo = row.tipoDocumento ?? row.tipoComunicacao ?? 'Publicação'
  const numero = row.numeroMascara ?? row.numeroProcesso
  const origem = `Publicação DJEN nº ${row.djenId} (${row.siglaTribunal}, disponibilizada em ${formatDateBR(row.dataDisponibilizacao)}).`
  return {
    publicationId: row.id,
    disponibilizacao: row.dataDisponibilizacao,
    tribunal: row.siglaTribunal,
    dias: suggestPrazoDias(row.textoPlain),
    caseId: kase?.id ?? null,
    clientId: kase?.clientId ?? null,
    titulo: clip(`Prazo: ${tipo}${numero ? ` — ${numero}` : ''}`, 200),
    descricao: clip(`${origem}\n\n${row.textoPlain}`, 5000),
  }
}

/** 'Criar caso': number, court and vara (the órgão) of the item. */
export function casePrefill(row: Row): CasePrefill {
  const numero = row.numeroMascara ?? row.numeroProcesso
  return {
    numeroProcesso: row.numeroProcesso,
    tribunal: clip(row.siglaTribunal, 120),
    vara: row.nomeOrgao ? clip(row.nomeOrgao, 120) : null,
    titulo: clip(
      numero ? `Processo ${numero}` : `${row.tipoComunicacao ?? 'Publicação'} — ${row.siglaTribunal}`,
      200,
    ),
  }
}
