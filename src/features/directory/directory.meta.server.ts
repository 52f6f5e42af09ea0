import { sql } from 'drizzle-orm'
import type { PageMetaProvider } from '../../platform/page-meta.server'
import { findPublicLawyer, toCards } from './directory.service.server'

/** /advogados/:slug → the lawyer's name, OAB, city and bio in the served HTML (public lawyers only). */
export const directoryPageMeta: PageMetaProvider = {
  pattern: /^\/advogados\/([a-z0-9-]{1,120})\/?$/,
  async resolve([, slug], deps) {
    const row = slug ? await findPublicLawyer(deps.db, slug) : null
    if (!row) return 'not-found'
    const [card] = await toCards(deps.db, [row])
    if (!card) return 'not-found'
    const [bio] = await deps.db
      .execute<{ bio: string | null }>(
        // Only the bio is missing from the card: one more indexed read by user id.
        sql`select bio_profissional as bio from profiles where user_id = ${row.user_id}`,
      )
      .then((result) => result.rows)
    const oab = card.oab ? `OAB ${card.oab.formatted}` : null
    const place = card.city && card.state ? `${card.city}/${card.state}` : card.state
    const facts = ['Advogado(a)', oab, place].filter(Boolean).join(' · ')
    return {
      title: `${card.name} — ${facts} | JusConecta`,
      description: bio?.bio ? `${facts}. ${bio.bio}` : `${facts}. Veja o perfil no JusConecta.`,
      image: card.avatar,
      type: 'profile',
    }
  },
}
