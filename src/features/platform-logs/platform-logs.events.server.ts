import { isIP } from 'node:net'
import type { Database, Executor } from '../../db/client.server'
import type { ServerErrorInfo } from '../../platform/errors.server'
import { log } from '../../platform/log.server'
import type { EventSeverity, PlatformEventKind } from './platform-logs.schema'
import { platformEvents } from './platform-logs.table.server'

const SEVERITY: Record<PlatformEventKind, EventSeverity> = {
  login: 'info',
  login_falhou: 'aviso',
  bloqueio_conta: 'aviso',
  novo_usuario: 'info',
  permissao: 'info',
  backup: 'info',
  backup_falhou: 'erro',
  erro_servidor: 'erro',
  assinatura: 'info',
  integracao: 'erro',
}

/** Kinds that may keep the client's address (security events); anything else drops it (LGPD minimisation). */
const KEEPS_ADDRESS = new Set<PlatformEventKind>(['login', 'login_falhou', 'bloqueio_conta'])

/** Values allowed in `details`: ids, codes, counts and flags — short strings, numbers, booleans. */
type DetailValue = string | number | boolean | null | string[]

export interface PlatformEventInput {
  kind: PlatformEventKind
  actorUserId?: string | null
  targetUserId?: string | null
  ip?: string | null
  requestId?: string | null
  details?: Record<string, DetailValue>
}

const SAFE_STRING = /^[\w.:/@-]{0,120}$/
const EMAIL_LIKE = /@.*\./

/**
 * Keeps only values that can't be personal data: identifiers and codes (no spaces, no e-mail shapes),
 * numbers and booleans. A caller passing a name or a message by mistake loses that field, not the event.
 */
function cleanDetails(details: Record<string, DetailValue> = {}): Record<string, DetailValue> {
  const clean: Record<string, DetailValue> = {}
  const ok = (value: string) => SAFE_STRING.test(value) && !EMAIL_LIKE.test(value)
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string') {
      if (ok(value)) clean[key] = value
    } else if (Array.isArray(value)) {
      clean[key] = value.filter(ok).slice(0, 20)
    } else clean[key] = value
  }
  return clean
}

/**
 * Records one platform event. Never throws: a log write that fails must not fail the sign-in, the backup or
 * the error answer it describes (it is logged by class instead).
 */
export async function recordPlatformEvent(db: Executor, event: PlatformEventInput): Promise<void> {
  const ip = event.ip && KEEPS_ADDRESS.has(event.kind) && isIP(event.ip) ? event.ip : null
  try {
    await db.insert(platformEvents).values({
      kind: event.kind,
      severity: SEVERITY[event.kind],
      actorUserId: event.actorUserId ?? null,
      targetUserId: event.targetUserId ?? null,
      ip,
      requestId: event.requestId ?? null,
      details: cleanDetails(event.details),
    })
  } catch (error) {
    // Inside a transaction the failed insert aborts it: let the caller's transaction see the error.
    if ('rollback' in db) throw error
    log.error('platform event not recorded', { error })
  }
}

export async function recordServerError(db: Database, info: ServerErrorInfo): Promise<void> {
  await recordPlatformEvent(db, {
    kind: 'erro_servidor',
    requestId: info.requestId ?? null,
    details: { errorClass: info.errorClass, route: info.route ?? null, method: info.method ?? null },
  })
}
export type { Executor }
