import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, forbidden, unauthorized } from '../../platform/http-error.server'
import { getActiveMembership } from './membership.server'
import { runOfficeRequestHooks } from './office-request-hooks.server'
import { can, type Capability, type NivelAcesso } from './permissions'

export interface OfficeContext {
  id: string
  nivelAcesso: NivelAcesso
  userId: string
  /** The membership (office_members.id) the request acts as. */
  memberId: string
  /** Configurações Avançadas → Log de auditoria: whether the office shows its audit viewer (issue 12). */
  auditViewer: boolean
}

/**
 * The one authorisation step of every office route: resolves the session's CURRENT office membership on the
 * server (never from the request, cached per node for seconds and evicted on any change) and checks the
 * capability. No membership or no capability → 403.
 */
export interface RequireOfficeOptions {
  /**
   * Let writes through while the office is read-only for its platform subscription: only /api/billing uses
   * it, so a read-only office can still pay, switch plan, cancel or reactivate (every other write stays 403).
   */
  allowReadOnly?: boolean
}

export function requireOffice(capability: Capability, options: RequireOfficeOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user')
    if (!user) throw unauthorized()
    const membership = await getActiveMembership(c.get('db'), c.get('deps').membershipCache, user.id)
    if (!membership || !can(membership.nivelAcesso, capability)) throw forbidden()
    // Configurações Avançadas (issue 12), read with the cached membership: no extra round trip.
    if (membership.require2fa && !membership.twoFactorEnabled) throw twoFactorRequired()
    // Platform subscription (issue 14): overdue past the grace days → the office reads but writes nothing.
    if (
      !options.allowReadOnly &&
      membership.readOnlyFromMs !== null &&
      membership.readOnlyFromMs <= Date.now() &&
      !READS.has(c.req.method)
    ) {
      throw subscriptionReadOnly()
    }
    c.set('office', {
      id: membership.officeId,
      nivelAcesso: membership.nivelAcesso,
      userId: user.id,
      memberId: membership.memberId,
      auditViewer: membership.auditViewer,
    })
    // The office's session inactivity, the team page's online dot… (src/server/feature-hooks.server.ts).
    await runOfficeRequestHooks(c, membership)
    await next()
  })
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What every write of a read-only office answers (features/platform-billing shows the same text). */
export function subscriptionReadOnly(): ApiError {
  return new ApiError(
    403,
    'subscription_read_only',
    'A assinatura do escritório está em atraso. O escritório está em modo somente leitura até a regularização do pagamento.',
  )
}

/** The browser sends such a member to the 2FA setup (Configurações → Verificação em duas etapas). */
export function twoFactorRequired(): ApiError {
  return new ApiError(
    403,
    'two_factor_required',
    'Este escritório exige a verificação em duas etapas. Ative-a em Configurações para continuar.',
  )
}

// Office routes see the resolved membership as c.get('office') (see platform/app-env.server.ts).
declare module '../../platform/app-env.server' {
  interface AppVariables {
    office: OfficeContext
  }
}
