import { eq } from 'drizzle-orm'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import type { NivelAcesso } from '../offices/offices.public'
import { officeMembers } from '../offices/offices.table.server'

// Test helpers of the privacy feature: accounts, their offices and memberships, straight through the
// real sign-up route and the real tables.

export interface Person {
  cookie: string
  email: string
  password: string
  userId: string
  /** The office created at sign-up (null for a student: no office of their own). */
  officeId: string | null
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}

/** A lawyer (with their own office, as its sócio) or a student (no office), signed in. */
export async function person(t: TestApp, nomeCompleto: string, kind: 'advogado' | 'estudante' = 'advogado') {
  const data =
    kind === 'advogado'
      ? lawyerSignUp({ nomeCompleto })
      : ({
          ...lawyerSignUp({ nomeCompleto }),
          userType: 'estudante',
          oabNumero: undefined,
          oabEstado: undefined,
          universidade: 'USP',
          periodoCurso: 5,
        } as unknown as SignUpInput)
  const { cookie, email } = await signUp(t, data)
  const userId = await userIdOf(t, email)
  const [membership] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, userId))
  return { cookie, email, password: data.password, userId, officeId: membership?.officeId ?? null } as Person
}

/** Adds the account to an office at a level (a membership inserted like the team feature's accept). */
export async function join(t: TestApp, officeId: string, who: Person, nivelAcesso: NivelAcesso) {
  const [member] = await t.handle.db
    .insert(officeMembers)
    .values({ officeId, userId: who.userId, nivelAcesso, selectedAt: new Date() })
    .returning({ id: officeMembers.id })
  if (!member) throw new Error('membership not created')
  return member.id
}

export const call = (t: TestApp, method: string, path: string, cookie?: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))
