import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { cases } from '../cases/cases.table.server'
import { type DjenItem, plainOabNumber } from './publications.djen.server'
import { communicationPlainText, sanitizeCommunicationHtml } from './publications.html.server'
import { publications } from './publications.table.server'

/** A monitored OAB as the capture matches it. */
export interface OabTarget {
  id: string
  numero: string
  uf: string
  ownerUserId: string | null
}

export interface StoredItem {
  id: string
  caseId: string | null
  foundByOabId: string | null
  siglaTribunal: string
  numeroMascara: string | null
  tipoComunicacao: string | null
}

export interface PageResult {
  created: StoredItem[]
  updated: number
}

/**
 * The monitored OAB a communication is addressed to: the plain number and the UF, whatever suffix the
 * court stored ('123456A' is the lawyer 123456). `preferred` (the OAB the query was made for) wins.
 */
export function matchOab(
  item: DjenItem,
  oabs: readonly OabTarget[],
  preferred: OabTarget | null,
): OabTarget | null {
  const addressed = (oab: OabTarget) =>
    item.advogados.some((a) => plainOabNumber(a.numeroOab) === oab.numero && a.ufOab === oab.uf)
  if (preferred && addressed(preferred)) return preferred
  return oabs.find(addressed) ?? preferred
}

/**
 * Stores one page in ONE statement per page: new communications are inserted (sanitised HTML, plain text,
 * the office's case with the same CNJ number); one already stored is UPDATED only when its cancellation
 * changed (ativo / motivo), turning it 'cancelada' — never deleted. The same window twice adds nothing.
 */
export async function storePage(
  db: Database,
  officeId: string,
  items: readonly DjenItem[],
  oabs: readonly OabTarget[],
  queriedOab: OabTarget | null,
): Promise<PageResult> {
  // A page may repeat an id (the DJEN's pages shift while it is read): the last copy wins.
  const unique = [...new Map(items.map((item) => [item.id, item])).values()]
  if (unique.length === 0) return { created: [], updated: 0 }
  const numbers = [...new Set(unique.flatMap((i) => (i.numeroProcesso ? [i.numeroProcesso] : [])))]
  const caseOf = new Map<string, string>()
  if (numbers.length > 0) {
    const rows = await db
      .select({ id: cases.id, numero: cases.numeroProcesso })
      .from(cases)
      .where(
        and(eq(cases.officeId, officeId), inArray(cases.numeroProcesso, numbers), isNull(cases.deletedAt)),
      )
    for (const row of rows) if (row.numero && !caseOf.has(row.numero)) caseOf.set(row.numero, row.id)
  }
  const values = unique.map((item) => ({
    officeId,
    djenId: item.id,
    hash: item.hash,
    dataDisponibilizacao: item.dataDisponibilizacao,
    siglaTribunal: item.siglaTribunal,
    tipoComunicacao: item.tipoComunicacao,
    tipoDocumento: item.tipoDocumento,
    nomeOrgao: item.nomeOrgao,
    textoHtml: sanitizeCommunicationHtml(item.texto),
    textoPlain: communicationPlainText(item.texto),
    numeroProcesso: item.numeroProcesso,
    numeroMascara: item.numeroMascara,
    codigoClasse: item.codigoClasse,
    link: item.link,
    ativo: item.ativo,
    motivoCancelamento: item.motivoCancelamento,
    destinatarios: item.destinatarios,
    advogados: item.advogados,
    foundByOabId: matchOab(item, oabs, queriedOab)?.id ?? null,
    caseId: item.numeroProcesso ? (caseOf.get(item.numeroProcesso) ?? null) : null,
    status: item.ativo ? ('nao_tratada' as const) : ('cancelada' as const),
  }))
  const rows = await db
    .insert(publications)
    .values(values)
    .onConflictDoUpdate({
      target: [publications.officeId, publications.djenId],
      set: {
        ativo: sql`excluded.ativo`,
        motivoCancelamento: sql`excluded.motivo_cancelamento`,
        status: sql`case when excluded.ativo then ${publications.status} else 'cancelada' end`,
        foundByOabId: sql`coalesce(${publications.foundByOabId}, excluded.found_by_oab_id)`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${publications.ativo} is distinct from excluded.ativo or ${publications.motivoCancelamento} is distinct from excluded.motivo_cancelamento`,
    })
    .returning({
      id: publications.id,
      inserted: sql<boolean>`(xmax = 0)`,
      caseId: publications.caseId,
      foundByOabId: publications.foundByOabId,
      siglaTribunal: publications.siglaTribunal,
      numeroMascara: publications.numeroMascara,
      tipoComunicacao: publications.tipoComunicacao,
    })
  const created: StoredItem[] = []
  let updated = 0
  for (const { inserted, ...row } of rows) {
    if (inserted) created.push(row)
    else updated++
  }
  return { created, updated }
}
