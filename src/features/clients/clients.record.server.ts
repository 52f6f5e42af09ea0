import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { formatCep } from '../../lib/br/cep'
import { formatCpf } from '../../lib/br/cpf'
import { formatPhone } from '../../lib/br/phone'
import { ApiError } from '../../platform/http-error.server'
import type { OfficeActor } from '../offices/offices.public.server'
import { cidade, estado } from '../reference/reference.table.server'
import {
  CLIENT_MESSAGES,
  normalizeDocumento,
  PESSOA_FISICA_FIELDS,
  PESSOA_JURIDICA_FIELDS,
  type Client,
  type CreateClientData,
  type DeleteClientResult,
  type UpdateClientData,
} from './clients.schema'
import { casesCount, clientOfMember } from './client-case-links.server'
import { formatDocumento, iso, type ClientScope, type Executor } from './clients.service.server'
import { clients } from './clients.table.server'

// One client's full (unmasked) record and every change to it. Each function takes the executor the
// route gives it: the route runs a change and its audit row in one transaction (DESIGN §8).

/** An update that names no field: answered 400 rather than a full record for nothing (and no audit). */
export const NOTHING_TO_UPDATE = 'Nenhum campo para atualizar.'

async function loadClient(
  db: Executor,
  scope: ClientScope,
  id: string,
  deleted = false,
): Promise<Client | null> {
  const { officeId, restrictTo } = scope
  const [row] = await db
    .select({
      client: clients,
      cidadeNome: cidade.nome,
      estadoSigla: estado.sigla,
      casesCount: casesCount(),
    })
    .from(clients)
    .leftJoin(cidade, eq(cidade.id, clients.cidadeId))
    .leftJoin(estado, eq(estado.id, clients.estadoId))
    .where(
      and(
        eq(clients.id, id),
        eq(clients.officeId, officeId),
        deleted ? isNotNull(clients.deletedAt) : isNull(clients.deletedAt),
        restrictTo ? clientOfMember(officeId, restrictTo) : undefined,
      ),
    )
  if (!row) return null
  const c = row.client
  return {
    id: c.id,
    nomeCompleto: c.nomeCompleto,
    email: c.email,
    telefone: c.telefone === null ? null : formatPhone(c.telefone),
    documento: formatDocumento(c.documento),
    tipoPessoa: c.tipoPessoa,
    endereco: c.endereco,
    cidadeId: c.cidadeId,
    cidadeNome: row.cidadeNome,
    estadoId: c.estadoId,
    estadoSigla: row.estadoSigla,
    cep: c.cep === null ? null : formatCep(c.cep),
    dataNascimento: c.dataNascimento,
    profissao: c.profissao,
    nacionalidade: c.nacionalidade,
    estadoCivil: c.estadoCivil,
    rg: c.rg,
    rgOrgaoEmissor: c.rgOrgaoEmissor,
    representanteNome: c.representanteNome,
    representanteCpf: c.representanteCpf === null ? null : formatCpf(c.representanteCpf),
    representanteCargo: c.representanteCargo,
    observacoes: c.observacoes,
    status: c.status,
    casesCount: Number(row.casesCount),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  }
}

/** The full (unmasked) record of a non-deleted client of the office, or null. The route audits the read. */
export function getClient(db: Executor, scope: ClientScope, id: string): Promise<Client | null> {
  return loadClient(db, scope, id)
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/**
 * A city must exist and belong to the chosen state; a city without a state takes the city's state.
 * Checked here (not left to the foreign keys) so a bad id is a 400 with a message, not a 500.
 */
async function resolveLocation(
  db: Executor,
  cidadeId: number | null,
  estadoId: number | null,
): Promise<{ cidadeId: number | null; estadoId: number | null }> {
  if (estadoId !== null) {
    const [state] = await db.select({ id: estado.id }).from(estado).where(eq(estado.id, estadoId))
    if (!state) throw invalid('estadoId', CLIENT_MESSAGES.invalidState)
  }
  if (cidadeId !== null) {
    const [city] = await db.select({ estado: cidade.estado }).from(cidade).where(eq(cidade.id, cidadeId))
    if (!city) throw invalid('cidadeId', 'Cidade inválida')
    if (estadoId !== null && estadoId !== city.estado) throw invalid('cidadeId', CLIENT_MESSAGES.invalidCity)
    return { cidadeId, estadoId: city.estado }
  }
  return { cidadeId, estadoId }
}

export async function createClient(
  db: Executor,
  actor: OfficeActor,
  data: CreateClientData,
): Promise<Client> {
  const location = await resolveLocation(db, data.cidadeId, data.estadoId)
  const [row] = await db
    .insert(clients)
    .values({ ...data, ...location, officeId: actor.officeId, createdBy: actor.userId })
    .returning({ id: clients.id })
  if (!row) throw new Error('client insert returned nothing')
  const client = await loadClient(db, actor, row.id)
  if (!client) throw new Error('created client not found')
  return client
}

/** Applies a PATCH to a non-deleted client of the office; null when there is none. */
export async function updateClient(
  db: Executor,
  actor: OfficeActor,
  id: string,
  data: UpdateClientData,
): Promise<Client | null> {
  if (Object.values(data).every((value) => value === undefined)) {
    throw new ApiError(400, 'validation', NOTHING_TO_UPDATE)
  }
  const [current] = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.id, id),
        eq(clients.officeId, actor.officeId),
        isNull(clients.deletedAt),
        actor.restrictTo ? clientOfMember(actor.officeId, actor.restrictTo) : undefined,
      ),
    )
  if (!current) return null

  const changes: Partial<typeof clients.$inferInsert> = { ...data }
  const tipoPessoa = data.tipoPessoa ?? current.tipoPessoa
  // The body may change only one of tipoPessoa / documento: check the pair that will be stored.
  if (data.tipoPessoa !== undefined || data.documento !== undefined) {
    const documento = data.documento !== undefined ? data.documento : current.documento
    if (documento !== null) {
      const normalized = normalizeDocumento(tipoPessoa, documento)
      if (normalized === null) {
        throw invalid(
          'documento',
          tipoPessoa === 'fisica' ? CLIENT_MESSAGES.invalidCpf : CLIENT_MESSAGES.invalidCnpj,
        )
      }
      changes.documento = normalized
    }
  }
  // The kind that will be stored keeps none of the other kind's fields (birth date and RG vs representative).
  for (const field of tipoPessoa === 'juridica' ? PESSOA_FISICA_FIELDS : PESSOA_JURIDICA_FIELDS) {
    changes[field] = null
  }
  if (data.cidadeId !== undefined || data.estadoId !== undefined) {
    const location = await resolveLocation(
      db,
      data.cidadeId !== undefined ? data.cidadeId : current.cidadeId,
      data.estadoId !== undefined ? data.estadoId : current.estadoId,
    )
    changes.cidadeId = location.cidadeId
    changes.estadoId = location.estadoId
  }
  await db
    .update(clients)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(clients.id, id), eq(clients.officeId, actor.officeId), isNull(clients.deletedAt)))
  return loadClient(db, actor, id)
}

/** Soft delete: the row leaves lists and stats; its cases keep client_id. Null when there is none. */
export async function deleteClient(
  db: Executor,
  actor: OfficeActor,
  id: string,
): Promise<DeleteClientResult | null> {
  const [row] = await db
    .update(clients)
    .set({ deletedAt: sql`now()`, deletedBy: actor.userId })
    .where(and(eq(clients.id, id), eq(clients.officeId, actor.officeId), isNull(clients.deletedAt)))
    .returning({ id: clients.id })
  if (!row) return null
  const [count] = await db.select({ n: casesCount() }).from(clients).where(eq(clients.id, row.id))
  return { id: row.id, casesCount: Number(count?.n ?? 0) }
}

/** Undoes a delete. Restoring a client that is not deleted returns it unchanged; another office's → null. */
export async function restoreClient(db: Executor, actor: OfficeActor, id: string): Promise<Client | null> {
  await db
    .update(clients)
    .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
    .where(and(eq(clients.id, id), eq(clients.officeId, actor.officeId), isNotNull(clients.deletedAt)))
  return loadClient(db, actor, id)
}
