import type { Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import type { Membership } from './membership.server'

// What features above offices do on every authorised office request (the team's last-seen dot, the office's
// session inactivity): they register here, wired once by the server shell (src/server/feature-hooks.server.ts),
// so the gate of every office route imports none of them (decision 007).

export type OfficeRequestHook = (c: Context<AppEnv>, membership: Membership) => Promise<void>

const hooks = new Set<OfficeRequestHook>()

/** Runs `hook` on every request requireOffice lets through, before its handler, in registration order. */
export function onOfficeRequest(hook: OfficeRequestHook): void {
  hooks.add(hook)
}

export async function runOfficeRequestHooks(c: Context<AppEnv>, membership: Membership): Promise<void> {
  for (const hook of hooks) await hook(c, membership)
}
