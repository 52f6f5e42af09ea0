import type { ProfileDto } from '../auth/auth.public'
import type { ProfileRow } from './profiles.service.server'

const toNumber = (value: string | null) => (value === null ? null : Number(value))

export function toProfileDto(row: ProfileRow): ProfileDto {
  return {
    ...row,
    faixaHonorariosMin: toNumber(row.faixaHonorariosMin),
    faixaHonorariosMax: toNumber(row.faixaHonorariosMax),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
