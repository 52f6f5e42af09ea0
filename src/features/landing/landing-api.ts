import { api, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import type { LawyerFilters } from './lawyer-results'

// The landing's calls to the API, on the typed client. The landing renders without TanStack Query
// (decision 004), so these are plain functions its effects call. The sections import this module lazily
// (`import('./landing-api')`), so the typed client stays out of the landing's first chunk.

/** The public settings (name, maintenance); null on any refusal — the landing then shows itself. */
export async function fetchLandingPlatform() {
  const response = await api['platform-settings'].public.$get()
  return response.ok ? response.json() : null
}

/**
 * Whether anyone is signed in, and an admin: better-auth's session (its own route, outside AppType; 200
 * `null` when signed out), then /api/me for the platform role only when there is a session.
 */
export async function fetchLandingSession(): Promise<{ signedIn: boolean; isAdmin: boolean }> {
  const response = await apiFetch('/api/auth/get-session', { headers: { accept: 'application/json' } }).catch(
    () => null,
  )
  const session = response ? ((await response.json()) as { user?: unknown } | null) : null
  if (!session?.user) return { signedIn: false, isAdmin: false }
  const me = await api.me.$get()
  if (me.status === 401 || me.status === 404) return { signedIn: false, isAdmin: false }
  const role = me.ok ? (await me.json()).role : undefined
  return { signedIn: true, isAdmin: role === 'admin' || role === 'superadmin' }
}

/** better-auth's sign-out (its own route, outside AppType). */
export async function signOutOfLanding(): Promise<void> {
  await apiFetch('/api/auth/sign-out', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{}',
  })
}

export async function fetchFeaturedEntities(limit: number, signal: AbortSignal) {
  return (await unwrap(api.entities.$get({ query: { limit: String(limit) } }, { init: { signal } }))).entities
}

export async function fetchNewestJobs(limit: number, signal: AbortSignal) {
  return (await unwrap(api.jobs.$get({ query: { limit: String(limit) } }, { init: { signal } }))).items
}

type LawyerSearchQuery = Parameters<typeof api.directory.lawyers.$get>[0]['query']

/**
 * One page of the public lawyer search (empty filters left out). The state and specialty come from the
 * form's own lists; the server checks them all the same (a stale value is a 400, shown as the error state).
 */
export function fetchLawyerPage(filters: LawyerFilters, cursor: string | null) {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value
  if (cursor) query.cursor = cursor
  return unwrap(api.directory.lawyers.$get({ query: query as LawyerSearchQuery }))
}

export async function fetchEstadoIds(): Promise<Map<string, number>> {
  const { items } = await unwrap(api.estados.$get())
  return new Map(items.map((estado) => [estado.sigla, estado.id]))
}

export async function fetchCities(estadoId: number) {
  return (await unwrap(api.estados[':id'].cidades.$get({ param: { id: String(estadoId) } }))).items
}
