import { and, eq, isNull, sql } from 'drizzle-orm'
import { notFound } from '../../platform/http-error.server'
import { users } from '../auth/auth.table.server'
import { clientOfMember, reachableCases, linkedCaseScope } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { getOfficeLetterhead } from '../office-settings/office-settings.public.server'
import { accessLevel } from '../offices/offices.public'
import { officeMembers, offices } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import { TEMPLATE_MESSAGES } from './templates.schema'
import type { Executor, TemplateViewer } from './templates.service.server'

// What a template is filled from, read for one generation: the client and (optionally) the case as the member
// may see them, the office's identity, and the member as the signing lawyer. A client or case outside the
// member's reach (another office's, another estagiário's, a deleted one) is a 404, exactly like a missing one.

const clientCity = sql<string | null>`(select ci.nome from ${cidade} ci where ci.id = ${clients.cidadeId})`
const clientUf = sql<string | null>`(select e.sigla from ${estado} e where e.id = ${clients.estadoId})`

/** The client of this office the member reaches (the clients module's rule: the estagiário, his cases'). */
export async function loadClient(db: Executor, viewer: TemplateViewer, clientId: string) {
  const [row] = await db
    .select({
      id: clients.id,
      nomeCompleto: clients.nomeCompleto,
      tipoPessoa: clients.tipoPessoa,
      documento: clients.documento,
      email: clients.email,
      telefone: clients.telefone,
      endereco: clients.endereco,
      cidade: clientCity,
      uf: clientUf,
      cep: clients.cep,
      profissao: clients.profissao,
      nacionalidade: clients.nacionalidade,
      estadoCivil: clients.estadoCivil,
      rg: clients.rg,
      rgOrgaoEmissor: clients.rgOrgaoEmissor,
      representanteNome: clients.representanteNome,
      representanteCpf: clients.representanteCpf,
      representanteCargo: clients.representanteCargo,
    })
    .from(clients)
    .where(
      and(
        eq(clients.id, clientId),
        eq(clients.officeId, viewer.officeId),
        isNull(clients.deletedAt),
        accessLevel(viewer.nivelAcesso, 'clients.manage') === 'partial'
          ? clientOfMember(viewer.officeId, viewer.memberId)
          : undefined,
      ),
    )
    .limit(1)
  if (!row) throw notFound(TEMPLATE_MESSAGES.clientNotFound)
  return row
}

export type ClientSource = Awaited<ReturnType<typeof loadClient>>

/**
 * The case, which must be the client's and within the member's reach ('cases.view': the estagiário his own
 * cases, the assistente none).
 */
export async function loadCase(db: Executor, viewer: TemplateViewer, caseId: string, clientId: string) {
  const scope = linkedCaseScope({ id: viewer.officeId, nivelAcesso: viewer.nivelAcesso }, viewer.memberId)
  const [row] = await db
    .select({
      id: cases.id,
      titulo: cases.titulo,
      numeroProcesso: cases.numeroProcesso,
      tribunal: cases.tribunal,
      vara: cases.vara,
      areaJuridica: cases.areaJuridica,
      valorCausa: cases.valorCausa,
    })
    .from(cases)
    .where(
      and(
        eq(cases.id, caseId),
        eq(cases.officeId, viewer.officeId),
        eq(cases.clientId, clientId),
        isNull(cases.deletedAt),
        reachableCases(scope),
      ),
    )
    .limit(1)
  if (!row) throw notFound(TEMPLATE_MESSAGES.caseNotFound)
  return row
}

export type CaseSource = Awaited<ReturnType<typeof loadCase>>

/** The office's identity as its PDFs print it (Configurações Avançadas → Dados do escritório). */
export async function loadOffice(db: Executor, officeId: string) {
  const letterhead = await getOfficeLetterhead(db, officeId)
  return {
    nome: letterhead.nome,
    cnpj: letterhead.cnpj ?? null,
    oab: letterhead.oab ?? null,
    endereco: letterhead.endereco ?? null,
    telefone: letterhead.telefone ?? null,
  }
}

export type OfficeSource = Awaited<ReturnType<typeof loadOffice>>

/**
 * The member as the lawyer who signs: the team record first (name, OAB, e-mail the office keeps), their profile
 * after. `cidade` dates the document ('São Paulo, 27 de novembro de 2026'): the office keeps no city of its own,
 * so it is the member's profile city, else the city of whoever created the office.
 */
export async function loadLawyer(db: Executor, viewer: TemplateViewer) {
  const city = (userId: unknown) =>
    sql<
      string | null
    >`(select ci.nome from ${profiles} p join ${cidade} ci on ci.id = p.cidade_id where p.user_id = ${userId})`
  const [row] = await db
    .select({
      nome: sql<string>`coalesce(nullif(${officeMembers.nomeCompleto}, ''), ${profiles.nomeCompleto}, ${users.name}, '')`,
      oabNumero: sql<string | null>`coalesce(${officeMembers.oabNumero}, ${profiles.oabNumero})`,
      oabUf: sql<string | null>`coalesce(${officeMembers.oabUf}, ${profiles.oabEstado})`,
      email: sql<string | null>`coalesce(${officeMembers.email}::text, ${users.email})`,
      cidade: sql<string | null>`coalesce(${city(officeMembers.userId)}, ${city(offices.createdBy)})`,
    })
    .from(officeMembers)
    .innerJoin(offices, eq(offices.id, officeMembers.officeId))
    .leftJoin(users, eq(users.id, officeMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, officeMembers.userId))
    .where(and(eq(officeMembers.id, viewer.memberId), eq(officeMembers.officeId, viewer.officeId)))
    .limit(1)
  return row ?? { nome: '', oabNumero: null, oabUf: null, email: null, cidade: null }
}

export type LawyerSource = Awaited<ReturnType<typeof loadLawyer>>
