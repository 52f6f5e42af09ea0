import type { ProfileDto } from '../auth/auth.public'

/** What a student's profile may be missing, in the order the panel lists it. */
export const STUDENT_PROFILE_FIELDS = [
  'telefone',
  'universidade',
  'periodoCurso',
  'cidade',
  'bio',
  'avatar',
  'links',
] as const
export type StudentProfileField = (typeof STUDENT_PROFILE_FIELDS)[number]

type StudentProfile = Pick<
  ProfileDto,
  | 'telefone'
  | 'universidade'
  | 'periodoCurso'
  | 'cidadeId'
  | 'bioProfissional'
  | 'avatarUrl'
  | 'linkedinUrl'
  | 'sitePessoal'
>

const filled = (value: string | null | undefined) => !!value?.trim()

/**
 * The student panel's 'Perfil N% completo': each field counts the same. Spec §4's own "complete" (a phone)
 * still decides the dashboard's badge and banner; this is the finer measure behind them.
 */
export function studentCompleteness(profile: StudentProfile): {
  percent: number
  missing: StudentProfileField[]
} {
  const present: Record<StudentProfileField, boolean> = {
    telefone: filled(profile.telefone),
    universidade: filled(profile.universidade),
    periodoCurso: profile.periodoCurso !== null,
    cidade: profile.cidadeId !== null,
    bio: filled(profile.bioProfissional),
    avatar: filled(profile.avatarUrl),
    links: filled(profile.linkedinUrl) || filled(profile.sitePessoal),
  }
  const missing = STUDENT_PROFILE_FIELDS.filter((field) => !present[field])
  const percent = Math.round(
    ((STUDENT_PROFILE_FIELDS.length - missing.length) / STUDENT_PROFILE_FIELDS.length) * 100,
  )
  return { percent, missing }
}
