import type { Context } from 'hono'
import type { Database } from '../../db/client.server'
import type { AppEnv } from '../../platform/app-env.server'
import type { prazoCreateInput } from './agenda.schema'
import type { z } from 'zod'

// What features above the agenda do when a prazo is created, inside its transaction (a publication's prazo is
// linked to it and the publication marked): they register here, wired once by the server shell
// (src/server/feature-hooks.server.ts), so the agenda imports none of them (decision 007). A hook that throws
// rolls the prazo back.

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
export type PrazoCreatedHook = (
  c: Context<AppEnv>,
  tx: Transaction,
  prazo: { eventId: string; input: z.output<typeof prazoCreateInput> },
) => Promise<void>

const hooks = new Set<PrazoCreatedHook>()

export function onPrazoCreated(hook: PrazoCreatedHook): void {
  hooks.add(hook)
}

export async function runPrazoCreatedHooks(...args: Parameters<PrazoCreatedHook>): Promise<void> {
  for (const hook of hooks) await hook(...args)
}
