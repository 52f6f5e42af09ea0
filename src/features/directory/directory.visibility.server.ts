import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { updateProfileVisibility } from '../profiles/profiles.public.server'
import { profiles } from '../profiles/profiles.table.server'
import type { VisibilityDto } from './directory.schema'

const columns = {
  slug: profiles.slug,
  userType: profiles.userType,
  perfilPublico: profiles.perfilPublico,
  atendeVideo: profiles.atendeVideo,
  mostrarHonorarios: profiles.mostrarHonorarios,
}

type Row = {
  slug: string
  userType: string
  perfilPublico: boolean
  atendeVideo: boolean
  mostrarHonorarios: boolean
}

const toDto = ({ userType, ...row }: Row): VisibilityDto => ({ ...row, isLawyer: userType === 'advogado' })

export async function getVisibility(db: Database, userId: string): Promise<VisibilityDto | null> {
  const [row] = await db.select(columns).from(profiles).where(eq(profiles.userId, userId))
  return row ? toDto(row) : null
}

/**
 * One UPDATE of the caller's own profile: 'Perfil público' off hides the lawyer from the search, the public
 * page (404) and every card at once, because every public read filters on this column.
 */
export async function saveVisibility(
  db: Database,
  userId: string,
  data: Pick<VisibilityDto, 'perfilPublico' | 'atendeVideo' | 'mostrarHonorarios'>,
): Promise<VisibilityDto | null> {
  const row = await updateProfileVisibility(db, userId, data)
  return row ? toDto(row) : null
}
