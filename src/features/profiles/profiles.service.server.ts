import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { ApiError } from '../../platform/http-error.server'
import type { NewAccount } from '../auth/auth.public.server'
import { createOwnOffice, hasAnyMembership } from '../offices/offices.public.server'
import { cidade, estado } from '../reference/reference.table.server'
import { FEE_RANGE_MESSAGE, PROFILE_FIELDS_BY_TYPE, type UpdateProfileData } from './profiles.schema'
import { profiles } from './profiles.table.server'
import { fieldError } from './validation.server'

export type ProfileRow = typeof profiles.$inferSelect
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export async function getProfileByUserId(db: Database, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  return row
}

/** Spec §4 "missing profile": name from the account, else the e-mail's local part, else 'Usuário'. */
export function basicProfileName(user: { name?: string | null; email?: string | null }): string {
  const fromName = user.name?.trim()
  if (fromName) return fromName
  const fromEmail = user.email?.split('@')[0]?.trim()
  return fromEmail || 'Usuário'
}

/** Why an account without profile must not get the basic one (the shell asks the portal, decision 007). */
export interface ProfileRefusal {
  code: string
  message: string
}
type ProfileRefusalCheck = (db: Database, userId: string) => Promise<ProfileRefusal | null>
let profileRefusal: ProfileRefusalCheck = async () => null

/** Registers who must stay without profile (wired by src/server/feature-hooks.server.ts). */
export function provideProfileRefusal(check: ProfileRefusalCheck): void {
  profileRefusal = check
}

/**
 * Returns the user's profile, creating the basic one of spec §4 when none exists (user_type advogado,
 * empty phone). Like every lawyer, that basic lawyer gets an office, in the same transaction.
 */
export async function ensureProfile(
  db: Database,
  user: { id: string; name?: string | null; email?: string | null },
): Promise<ProfileRow> {
  const existing = await getProfileByUserId(db, user.id)
  if (existing) return existing
  // An account that must stay without profile (a portal client, issue 26) is refused, never made a lawyer.
  const refusal = await profileRefusal(db, user.id)
  if (refusal) throw new ApiError(403, refusal.code, refusal.message)
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(profiles)
      .values({ userId: user.id, userType: 'advogado', nomeCompleto: basicProfileName(user), telefone: '' })
      .onConflictDoNothing({ target: profiles.userId })
      .returning()
    if (!created) {
      // A concurrent request created it first: use that one.
      const [row] = await tx.select().from(profiles).where(eq(profiles.userId, user.id))
      if (!row) throw new Error('profile vanished during creation')
      return row
    }
    if (!(await hasAnyMembership(tx, user.id))) await createOwnOffice(tx, user.id, created.nomeCompleto)
    return created
  })
}

/**
 * The sign-up's part of profiles (auth runs it in the account's ONE transaction, decision 001; wired by
 * src/server/feature-hooks.server.ts): the profile with the type's own fields and, for a lawyer, the office
 * with the lawyer as sócio.
 */
export async function createSignUpProfile(tx: Transaction, { userId, data }: NewAccount): Promise<void> {
  await tx.insert(profiles).values({
    userId,
    userType: data.userType,
    nomeCompleto: data.nomeCompleto,
    telefone: data.telefone,
    estadoId: data.estadoId,
    cidadeId: data.cidadeId,
    ...(data.userType === 'advogado' && {
      oabNumero: data.oabNumero.toUpperCase(),
      oabEstado: data.oabEstado,
    }),
    ...(data.userType === 'estudante' && {
      universidade: data.universidade,
      periodoCurso: data.periodoCurso,
    }),
    ...(data.userType === 'entidade' && {
      nomeEntidade: data.nomeEntidade,
      cnpj: data.cnpj,
      tipoEntidade: data.tipoEntidade,
    }),
  })
  if (data.userType === 'advogado') await createOwnOffice(tx, userId, data.nomeCompleto)
}

/** The merged fee range and city must still make sense after a partial update. */
async function checkMergedProfile(db: Database, current: ProfileRow, data: UpdateProfileData) {
  const min =
    data.faixaHonorariosMin !== undefined ? data.faixaHonorariosMin : toNumber(current.faixaHonorariosMin)
  const max =
    data.faixaHonorariosMax !== undefined ? data.faixaHonorariosMax : toNumber(current.faixaHonorariosMax)
  if (min !== null && max !== null && min > max) throw fieldError('faixaHonorariosMax', FEE_RANGE_MESSAGE)
  const estadoId = data.estadoId !== undefined ? data.estadoId : current.estadoId
  const cidadeId = data.cidadeId !== undefined ? data.cidadeId : current.cidadeId
  if (estadoId !== null) {
    const [state] = await db.select({ id: estado.id }).from(estado).where(eq(estado.id, estadoId))
    if (!state) throw fieldError('estadoId', 'Estado inválido.')
  }
  if (cidadeId !== null) {
    const [city] = await db
      .select({ id: cidade.id })
      .from(cidade)
      .where(and(eq(cidade.id, cidadeId), estadoId === null ? undefined : eq(cidade.estado, estadoId)))
    if (!city || estadoId === null) throw fieldError('cidadeId', CITY_STATE_MESSAGE)
  }
}

const toNumber = (value: string | null) => (value === null ? null : Number(value))

export const CITY_STATE_MESSAGE = 'A cidade não pertence ao estado escolhido.'

/**
 * Applies a validated PATCH to the user's own profile. Fields outside the user's type are refused
 * (400) rather than silently dropped, so a client bug shows up; nothing is written on any 400.
 */
export async function updateProfile(
  db: Database,
  user: { id: string; name?: string | null; email?: string | null },
  data: UpdateProfileData,
): Promise<ProfileRow> {
  const current = await ensureProfile(db, user)
  const allowed = PROFILE_FIELDS_BY_TYPE[current.userType]
  const foreign = Object.keys(data).find((key) => !allowed.includes(key))
  if (foreign) throw fieldError(foreign, 'Este campo não se aplica ao seu tipo de perfil.')
  await checkMergedProfile(db, current, data)
  if (Object.keys(data).length === 0) return current
  const { faixaHonorariosMin, faixaHonorariosMax, ...rest } = data
  const [updated] = await db
    .update(profiles)
    .set({
      ...rest,
      ...(faixaHonorariosMin !== undefined && { faixaHonorariosMin: toDecimal(faixaHonorariosMin) }),
      ...(faixaHonorariosMax !== undefined && { faixaHonorariosMax: toDecimal(faixaHonorariosMax) }),
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, user.id))
    .returning()
  if (!updated) throw new Error('profile vanished during update')
  return updated
}

const toDecimal = (value: number | null) => (value === null ? null : value.toFixed(2))

/** Sets (or clears) the avatar and returns the previous URL, so the caller can delete the old file. */
export async function setAvatarUrl(
  db: Database,
  user: { id: string; name?: string | null; email?: string | null },
  avatarUrl: string | null,
): Promise<{ profile: ProfileRow; previousUrl: string | null }> {
  await ensureProfile(db, user)
  // Row lock: two uploads racing must each see the other's file as "previous", or one file leaks.
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.userId, user.id)).for('update')
    const [updated] = await tx
      .update(profiles)
      .set({ avatarUrl, updatedAt: new Date() })
      .where(eq(profiles.userId, user.id))
      .returning()
    if (!current || !updated) throw new Error('profile vanished during update')
    return { profile: updated, previousUrl: current.avatarUrl }
  })
}
