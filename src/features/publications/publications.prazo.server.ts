import type { Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError } from '../../platform/http-error.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { linkPrazo, visibleRow } from './publications.actions.server'
import { PUBLICATIONS_MESSAGES } from './publications.schema'
import { publicationScope, type Executor } from './publications.visibility.server'

/**
 * 'Criar prazo' from a publication in ONE transaction (issue 27): the agenda's POST /api/agenda/prazos calls
 * this with its own transaction right after inserting the prazo, so the prazo and the item's link (and its
 * 'Tratada') commit together or not at all. An item the member does not see refuses the whole prazo (400).
 */
export async function linkPublicationPrazo(
  c: Context<AppEnv>,
  tx: Executor,
  publicationId: string,
  eventId: string,
): Promise<void> {
  const scope = publicationScope(c.get('office'))
  const row = await visibleRow(tx, scope, publicationId, true)
  if (!row)
    throw new ApiError(400, 'validation', PUBLICATIONS_MESSAGES.notFound, {
      publicationId: PUBLICATIONS_MESSAGES.notFound,
    })
  await linkPrazo(tx, scope, row, eventId)
  await recordOfficeAudit(
    c,
    { action: 'publication.prazo', entity: 'publication', entityId: publicationId, details: { eventId } },
    tx,
  )
}
