import { eq, sql } from 'drizzle-orm'
import { lawyerSignUp, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'

// Portal data tests (issue 26): client accounts with an ACTIVE access, inserted directly (the invitation flow
// is tested on its own), and the office's rows the portal reads, written as SQL where the office's own
// switches are not the subject.

/** A signed-up account that is not a member of the office (a student sign-up: no office of its own). */
export async function clientAccount(t: TestApp, nomeCompleto: string) {
  const data = {
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 3,
  } as unknown as SignUpInput
  const { cookie, email } = await signUp(t, data)
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error('no user')
  return { cookie, email, userId: user.id }
}

/** An accepted invitation: the client's access is ACTIVE for this account. */
export async function grantAccess(
  t: TestApp,
  access: { officeId: string; clientId: string; userId: string; email: string },
): Promise<string> {
  const rows = await t.handle.db.execute<{ id: string }>(sql`
    insert into portal_access (office_id, client_id, user_id, email, status, accepted_at)
    values (${access.officeId}, ${access.clientId}, ${access.userId}, ${access.email}, 'ativo', now())
    returning id`)
  const id = rows.rows[0]?.id
  if (!id) throw new Error('no access')
  return id
}

export async function insertEvent(
  t: TestApp,
  officeId: string,
  values: {
    titulo: string
    caseId?: string | null
    clientId?: string | null
    visivel: boolean
    tipo?: string
    inicio?: string
    status?: string
  },
): Promise<string> {
  const rows = await t.handle.db.execute<{ id: string }>(sql`
    insert into events (office_id, titulo, tipo, status, inicio, case_id, client_id, visivel_cliente, local)
    values (${officeId}, ${values.titulo}, ${values.tipo ?? 'audiencia'}, ${values.status ?? 'agendado'},
      ${values.inicio ?? '2099-03-10T13:00:00Z'}, ${values.caseId ?? null}, ${values.clientId ?? null},
      ${values.visivel}, 'Fórum Central')
    returning id`)
  return String(rows.rows[0]?.id)
}

export async function insertEntry(
  t: TestApp,
  officeId: string,
  values: {
    descricao: string
    tipo?: 'receita' | 'despesa'
    clientId?: string | null
    caseId?: string | null
    paid?: boolean
    vencimento?: string
    valor?: string
  },
): Promise<string> {
  const rows = await t.handle.db.execute<{ id: string }>(sql`
    insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, status,
      data_pagamento, forma_pagamento, client_id, case_id, observacoes)
    values (${officeId}, ${values.tipo ?? 'receita'}, 'honorarios', ${values.descricao}, ${values.valor ?? '1500.50'},
      ${values.vencimento ?? '2099-12-10'}, ${values.paid ? 'pago' : 'pendente'},
      ${values.paid ? '2026-01-05' : null}, ${values.paid ? 'pix' : null}, ${values.clientId ?? null},
      ${values.caseId ?? null}, 'Nota interna do escritório')
    returning id`)
  return String(rows.rows[0]?.id)
}

export async function shareDocument(t: TestApp, documentId: string) {
  await t.handle.db.execute(sql`update documents set compartilhado_cliente = true where id = ${documentId}`)
}
