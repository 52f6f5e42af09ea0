import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { formatCep } from '../../lib/br/cep'
import { formatCnj } from '../../lib/br/cnj'
import { formatCnpj } from '../../lib/br/cnpj'
import { formatCpf } from '../../lib/br/cpf'
import { formatPhone } from '../../lib/br/phone'
import { events } from '../agenda/agenda.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { documents } from '../documents/documents.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import { listPortalCharges } from './portal.charges.server'
import { caseStatusLabel, eventsWhere, portalNames, sharedDocuments } from './portal.home.server'
import { portalMessageFiles, portalMessages } from './portal.table.server'
import { clientCaseIds, ownedByClient, type PortalReader } from './portal.scope.server'

// 'Baixar meus dados' of the portal (issue 26, LGPD art. 18): everything the office holds about the client AS
// THE PORTAL MAY SHOW IT — the client's record (without the office's internal notes), their cases, the visible
// events, the shared documents' metadata, their receivables and the messages with the office. Expenses,
// unshared documents, hidden events and internal notes stay out, exactly as on the portal's screens.

/** Generous caps: an export is a download, not a page, but it must still end. */
const EXPORT_LIMIT = 10_000

async function clientRecord(db: Executor, reader: PortalReader) {
  const [row] = await db
    .select({
      nomeCompleto: clients.nomeCompleto,
      tipoPessoa: clients.tipoPessoa,
      documento: clients.documento,
      email: clients.email,
      telefone: clients.telefone,
      endereco: clients.endereco,
      cep: clients.cep,
      cidade: cidade.nome,
      estado: estado.sigla,
      dataNascimento: clients.dataNascimento,
      profissao: clients.profissao,
      nacionalidade: clients.nacionalidade,
      estadoCivil: clients.estadoCivil,
      rg: clients.rg,
      rgOrgaoEmissor: clients.rgOrgaoEmissor,
      representanteNome: clients.representanteNome,
      representanteCpf: clients.representanteCpf,
      representanteCargo: clients.representanteCargo,
      createdAt: clients.createdAt,
    })
    .from(clients)
    .leftJoin(cidade, eq(cidade.id, clients.cidadeId))
    .leftJoin(estado, eq(estado.id, clients.estadoId))
    .where(and(eq(clients.officeId, reader.officeId), eq(clients.id, reader.clientId)))
    .limit(1)
  if (!row) return null
  return {
    ...row,
    documento: !row.documento
      ? null
      : row.tipoPessoa === 'juridica'
        ? formatCnpj(row.documento)
        : formatCpf(row.documento),
    telefone: row.telefone ? formatPhone(row.telefone) : null,
    cep: row.cep ? formatCep(row.cep) : null,
    representanteCpf: row.representanteCpf ? formatCpf(row.representanteCpf) : null,
    createdAt: row.createdAt.toISOString(),
  }
}

async function clientCasesForExport(db: Executor, reader: PortalReader) {
  const rows = await db
    .select({
      id: cases.id,
      titulo: cases.titulo,
      numeroProcesso: cases.numeroProcesso,
      status: cases.status,
      areaJuridica: cases.areaJuridica,
      tribunal: cases.tribunal,
      vara: cases.vara,
      dataInicio: cases.dataInicio,
      dataConclusao: cases.dataConclusao,
    })
    .from(cases)
    .where(
      and(eq(cases.officeId, reader.officeId), eq(cases.clientId, reader.clientId), isNull(cases.deletedAt)),
    )
    .orderBy(asc(cases.dataInicio))
    .limit(EXPORT_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    titulo: row.titulo,
    numeroProcesso: row.numeroProcesso ? formatCnj(row.numeroProcesso) : null,
    status: caseStatusLabel(row.status),
    area: row.areaJuridica,
    tribunal: row.tribunal,
    vara: row.vara,
    dataInicio: row.dataInicio,
    dataConclusao: row.dataConclusao,
  }))
}

/** The client's thread with the office (every case), oldest first, with the names of the attached files. */
async function clientMessages(db: Executor, reader: PortalReader) {
  const rows = await db
    .select({
      id: portalMessages.id,
      caseId: portalMessages.caseId,
      autor: portalMessages.author,
      texto: portalMessages.body,
      createdAt: portalMessages.createdAt,
      readAt: portalMessages.readAt,
      anexos: sql<
        string[]
      >`coalesce((select array_agg(f.file_name order by f.created_at) from ${portalMessageFiles} f
        where f.office_id = ${portalMessages.officeId} and f.message_id = ${portalMessages.id}), '{}')`,
    })
    .from(portalMessages)
    .where(and(eq(portalMessages.officeId, reader.officeId), eq(portalMessages.clientId, reader.clientId)))
    .orderBy(asc(portalMessages.createdAt))
    .limit(EXPORT_LIMIT)
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }))
}

/** GET /export: the JSON the client downloads. */
export async function buildPortalExport(db: Executor, reader: PortalReader) {
  const caseIds = await clientCaseIds(db, reader)
  const [names, cliente, processos, compromissos, documentos, cobrancas, mensagens] = await Promise.all([
    portalNames(db, reader),
    clientRecord(db, reader),
    clientCasesForExport(db, reader),
    eventsWhere(db, reader, ownedByClient(reader, events.clientId, events.caseId, caseIds), EXPORT_LIMIT),
    sharedDocuments(
      db,
      reader,
      ownedByClient(reader, documents.clientId, documents.caseId, caseIds),
      EXPORT_LIMIT,
    ),
    listPortalCharges(db, reader, caseIds, EXPORT_LIMIT),
    clientMessages(db, reader),
  ])
  return {
    geradoEm: new Date().toISOString(),
    escritorio: { nome: names.officeName },
    cliente,
    processos,
    compromissos,
    documentos,
    cobrancas,
    mensagens,
  }
}
