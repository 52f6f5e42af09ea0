import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { hashPassword } from 'better-auth/crypto'
import type { Database } from '../../db/client.server'
import { ApiError } from '../../platform/http-error.server'
import { cidade } from '../reference/reference.table.server'
import { accounts, users } from './auth.table.server'
import type { SignUpData } from './auth.schema'
import { emitAuthEvent, runSignUpSteps } from './auth-hooks.server'
import { userRoles } from './user-roles.table.server'

export const DUPLICATE_EMAIL_MESSAGE = 'Usuário já cadastrado com este email'

/**
 * Creates user, credential, platform role, profile and — for a lawyer — the office with the lawyer as
 * sócio, in ONE transaction (the profile, office and welcome notification through the sign-up steps the shell
 * registers: auth-hooks.server.ts): either the whole account exists or none of it does. Every account starts as
 * 'user', the MASTER_EMAIL one too: it becomes superadmin only once a password is set through a reset link
 * mailed to it (whoever merely signs up with it first must not own the platform; see roles.service.server.ts).
 */
export async function createAccount(db: Database, data: SignUpData) {
  const [city] = await db
    .select({ id: cidade.id })
    .from(cidade)
    .where(and(eq(cidade.id, data.cidadeId), eq(cidade.estado, data.estadoId)))
  if (!city) {
    throw new ApiError(400, 'validation', 'A cidade não pertence ao estado escolhido.', {
      cidadeId: 'A cidade não pertence ao estado escolhido.',
    })
  }
  // Hash outside the transaction: scrypt takes ~50 ms and must not hold a database connection.
  const passwordHash = await hashPassword(data.password)
  const userId = randomUUID()
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ id: userId, name: data.nomeCompleto, email: data.email, emailVerified: false })
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
      })
      await tx.insert(userRoles).values({ userId, role: 'user' })
      await emitAuthEvent(tx, {
        kind: 'novo_usuario',
        actorUserId: userId,
        details: { userType: data.userType },
      })
      // The profile, the lawyer's office and the welcome notification: the features above auth add their part
      // here, in this same transaction (registered by src/server/feature-hooks.server.ts).
      await runSignUpSteps(tx, { userId, data })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'duplicate_email', DUPLICATE_EMAIL_MESSAGE)
    throw error
  }
  return { userId }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true
  }
  return false
}
