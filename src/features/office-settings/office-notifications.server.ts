import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { paths } from '../../lib/paths'
import { createNotification, type NotificationExecutor } from '../notifications/notifications.public.server'
import { officeMembers } from '../offices/offices.table.server'
import { getOfficeSettings } from './office-settings.store.server'

type Executor = Pick<Database, 'select'> & NotificationExecutor

/**
 * Configurações Avançadas → Notificações → Novos clientes: a client registered by someone tells the office's
 * other sócios (when the office keeps it on). Run it in the transaction that creates the client.
 */
export async function notifyNewClient(
  tx: Executor,
  input: { officeId: string; actorUserId: string; clientId: string; nomeCompleto: string },
): Promise<number> {
  if (!(await getOfficeSettings(tx, input.officeId)).notifyNewClients) return 0
  const socios = await tx
    .select({ userId: officeMembers.userId })
    .from(officeMembers)
    .where(
      and(
        eq(officeMembers.officeId, input.officeId),
        eq(officeMembers.nivelAcesso, 'socio'),
        eq(officeMembers.ativo, true),
        ne(officeMembers.userId, input.actorUserId),
      ),
    )
  let sent = 0
  for (const { userId } of socios) {
    if (!userId) continue
    const created = await createNotification(tx, {
      userId,
      officeId: input.officeId,
      type: 'info',
      title: 'Novo cliente cadastrado',
      message: `${input.nomeCompleto} foi cadastrado(a) no CRM do escritório.`.slice(0, 2000),
      link: paths.dashboard.crm,
      sourceKey: `client.created:${input.clientId}`,
    })
    if (created) sent++
  }
  return sent
}
