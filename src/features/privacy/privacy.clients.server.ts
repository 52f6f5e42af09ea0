import { and, count, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { ANONYMIZED_CLIENT_NAME, type AnonymizedClient } from './privacy.schema'

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * Erases a client's personal data for good (LGPD art. 18, IV and VI): name, CPF/CNPJ, contacts, address,
 * birth date, profession, qualification (RG, estado civil, representative) and notes. The row itself stays, so the office's cases, amounts and financial
 * entries keep pointing at it and show 'Cliente anonimizado'. The search column (nome_busca) is generated
 * from the name and the trigram indexes cover the erased columns, so the old name/CPF finds nothing after
 * the commit. Another office's client (or a missing id) answers null: the caller turns that into a 404.
 */
export async function anonymizeClient(
  tx: Executor,
  officeId: string,
  clientId: string,
): Promise<AnonymizedClient | null> {
  const [erased] = await tx
    .update(clients)
    .set({
      nomeCompleto: ANONYMIZED_CLIENT_NAME,
      email: null,
      telefone: null,
      documento: null,
      endereco: null,
      cidadeId: null,
      estadoId: null,
      cep: null,
      dataNascimento: null,
      profissao: null,
      nacionalidade: null,
      estadoCivil: null,
      rg: null,
      rgOrgaoEmissor: null,
      representanteNome: null,
      representanteCpf: null,
      representanteCargo: null,
      observacoes: null,
      updatedAt: new Date(),
    })
    .where(and(eq(clients.officeId, officeId), eq(clients.id, clientId)))
    .returning({ id: clients.id, nomeCompleto: clients.nomeCompleto })
  if (!erased) return null
  const [linked] = await tx
    .select({ n: count() })
    .from(cases)
    .where(and(eq(cases.officeId, officeId), eq(cases.clientId, clientId), isNull(cases.deletedAt)))
  return { ...erased, casesCount: linked?.n ?? 0 }
}
