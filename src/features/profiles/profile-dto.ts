import type { ProfileDto } from '../auth/me.schema'
import type { ProfileRow } from './profiles.service'

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
