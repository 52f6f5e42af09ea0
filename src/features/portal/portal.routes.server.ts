import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { portalClientRoutes } from './portal.client.routes.server'
import { portalAccessRoutes, portalInviteRoutes } from './portal.invites.routes.server'
import { portalClientMessageRoutes } from './portal.messages.client.routes.server'
import { portalOfficeMessageRoutes } from './portal.messages.office.routes.server'

/**
 * The client's side, mounted at /api/portal: the invitation (public, the token is the credential), then
 * everything under /o/:officeId behind requirePortalClient (an ACTIVE access of the signed-in account).
 * No office route is reachable from here, and no route here uses an office membership.
 */
export const portalRoutes = new Hono<AppEnv>()
  .route('/invites', portalInviteRoutes)
  .route('/', portalClientRoutes)
  .route('/o/:officeId/messages', portalClientMessageRoutes)

/** The office's side, mounted at /api/portal-office: every route behind requireOffice. */
export const portalOfficeRoutes = new Hono<AppEnv>()
  .route('/clients', portalAccessRoutes)
  .route('/messages', portalOfficeMessageRoutes)
