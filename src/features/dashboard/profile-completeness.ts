import type { ProfileDto } from '../auth/auth.public'

/** Spec §4: a lawyer's profile is complete with both OAB number and phone; anyone else's with a phone. */
export function isProfileComplete(profile: Pick<ProfileDto, 'userType' | 'oabNumero' | 'telefone'>): boolean {
  const hasPhone = !!profile.telefone?.trim()
  if (profile.userType === 'advogado') return hasPhone && !!profile.oabNumero?.trim()
  return hasPhone
}
