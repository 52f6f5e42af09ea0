import { paths } from '../../lib/paths'
import type { NotificationInput } from './notifications.schema'
import { createNotification, type NotificationExecutor } from './notifications.service.server'

type UserType = 'advogado' | 'estudante' | 'entidade' | (string & {})

/** Next steps by account type: a lawyer has an office to set up, the others a profile to complete. */
const NEXT_STEPS: Record<string, string> = {
  advogado:
    'Próximos passos: complete seu perfil profissional, cadastre seus primeiros clientes e processos e ' +
    'organize seus prazos na Agenda & Prazos.',
  estudante:
    'Próximos passos: complete seu perfil com sua universidade e seu período e explore a rede de advogados.',
  entidade: 'Próximos passos: complete o perfil da sua entidade e explore a rede de advogados.',
}
const DEFAULT_STEPS = 'Próximos passos: complete seu perfil e explore a plataforma.'

export function welcomeNotification(userId: string, userType: UserType): NotificationInput {
  return {
    userId,
    type: 'success',
    title: 'Bem-vindo ao JusConecta!',
    message: `Sua conta foi criada. ${NEXT_STEPS[userType] ?? DEFAULT_STEPS}`,
    link: paths.dashboard.profile,
    // At most one welcome per account.
    sourceKey: 'welcome',
  }
}

/** The welcome notification of a new account, inside the sign-up transaction. */
export async function sendWelcomeNotification(db: NotificationExecutor, userId: string, userType: UserType) {
  await createNotification(db, welcomeNotification(userId, userType))
}
