import { and, asc, eq } from 'drizzle-orm'
import type { AppDeps } from '../../platform/app-env.server'
import type { Database } from '../../db/client.server'
import { log } from '../../platform/log.server'
import { recordAudit } from '../audit/audit.public.server'
import { users } from '../auth/auth.table.server'
import { createClient, createClientSchema } from '../clients/clients.public.server'
import { createNotification } from '../notifications/notifications.public.server'
import { officeMembers, offices } from '../offices/offices.table.server'
import type { Executor, Person } from './network.people.server'
import { profileContacts } from './network.table.server'

// The public profile's contact form: the message reaches the lawyer as a notification and an e-mail, and
// lands in their office's CRM as a lead (an ordinary client, status 'ativo', observações marked 'Contato
// pelo perfil'), audited like any client creation, with no actor (the visitor is anonymous).

export const CONTACT_ORIGIN = 'Contato pelo perfil'

export interface ContactData {
  nome: string
  email: string
  telefone?: string | undefined
  mensagem: string
}

/** The office the lawyer founded and still works in: where their leads belong. */
async function leadOffice(db: Executor, lawyerUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: offices.id })
    .from(offices)
    .innerJoin(officeMembers, eq(officeMembers.officeId, offices.id))
    .where(
      and(
        eq(offices.createdBy, lawyerUserId),
        eq(officeMembers.userId, lawyerUserId),
        eq(officeMembers.ativo, true),
      ),
    )
    .orderBy(asc(offices.createdAt))
    .limit(1)
  return row?.id ?? null
}

function leadNotes(data: ContactData): string {
  const when = new Date().toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  return `${CONTACT_ORIGIN} (${when})\n\n${data.mensagem}`.slice(0, 5000)
}

/**
 * Records the contact, creates the lead and notifies the lawyer (a public one: the route answers 404
 * otherwise, exactly as the public profile does), in one transaction; then e-mails them (a mail failure
 * is logged, never undone: the message is already in the app).
 */
export async function sendContact(
  db: Database,
  deps: Pick<AppDeps, 'mailer' | 'env'>,
  lawyer: Person,
  data: ContactData,
  ip: string | null,
): Promise<void> {
  const clientData = createClientSchema.parse({
    nomeCompleto: data.nome,
    email: data.email,
    telefone: data.telefone ?? null,
    observacoes: leadNotes(data),
    status: 'ativo',
  })
  await db.transaction(async (tx) => {
    const officeId = await leadOffice(tx, lawyer.userId)
    let clientId: string | null = null
    if (officeId) {
      const client = await createClient(tx, { officeId, restrictTo: null, userId: lawyer.userId }, clientData)
      clientId = client.id
      await recordAudit(tx, {
        officeId,
        actorUserId: null,
        action: 'client.create',
        entity: 'client',
        entityId: client.id,
        details: { origem: CONTACT_ORIGIN },
        ip,
      })
    }
    await tx.insert(profileContacts).values({
      lawyerUserId: lawyer.userId,
      clientId,
      nome: data.nome,
      email: data.email,
      telefone: clientData.telefone,
      mensagem: data.mensagem,
    })
    await createNotification(tx, {
      userId: lawyer.userId,
      officeId,
      title: 'Novo contato pelo perfil',
      message:
        `${data.nome} enviou uma mensagem pelo seu perfil público.${clientId ? ' O contato foi adicionado ao seu CRM.' : ''}`.slice(
          0,
          2000,
        ),
      type: 'info',
      link: clientId ? '/dashboard/crm' : '/dashboard',
    })
  })
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, lawyer.userId))
  if (!account) return
  const telefone = data.telefone ? `Telefone: ${data.telefone}\n` : ''
  await deps.mailer
    .send({
      to: account.email,
      subject: `Novo contato pelo seu perfil: ${data.nome}`.slice(0, 200),
      text:
        `Olá, ${lawyer.nomeCompleto}.\n\n${data.nome} enviou uma mensagem pelo seu perfil público na JusConecta.\n\n` +
        `Nome: ${data.nome}\nE-mail: ${data.email}\n${telefone}\nMensagem:\n${data.mensagem}\n\n` +
        `O contato foi registrado no seu CRM como '${CONTACT_ORIGIN}': ${deps.env.publicUrl}/dashboard/crm\n`,
    })
    .catch((error: unknown) => log.error('profile contact e-mail failed', { error }))
}
