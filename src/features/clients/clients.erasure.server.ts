import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { clients, crmCounters } from './clients.table.server'

// The clients' part of the LGPD erasures (issue 23: a table has one owner, which alone writes it). Privacy
// runs them in its own transaction, wired by the shell (src/server/feature-hooks.server.ts).

/**
 * Erases a client's personal data for good (LGPD art. 18, IV and VI): name (replaced by `name`), CPF/CNPJ,
 * contacts, address, birth date, profession, qualification (RG, estado civil, representative) and notes. The
 * row itself stays, so the office's cases, amounts and financial entries keep pointing at it. The search
 * column (nome_busca) is generated from the name and the trigram indexes cover the erased columns, so the old
 * name/CPF finds nothing after the commit. Another office's client (or a missing id) answers null.
 */
export async function eraseClientPersonalData(
  tx: Executor,
  officeId: string,
  clientId: string,
  name: string,
): Promise<{ id: string; nomeCompleto: string } | null> {
  const [erased] = await tx
    .update(clients)
    .set({
      nomeCompleto: name,
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
  return erased ?? null
}

/** The live counters of offices closed with an account (they carry no key to cascade from `offices`). */
export async function deleteCountersOfOffices(tx: Executor, officeIds: readonly string[]): Promise<void> {
  if (officeIds.length === 0) return
  await tx.delete(crmCounters).where(inArray(crmCounters.officeId, [...officeIds]))
}
