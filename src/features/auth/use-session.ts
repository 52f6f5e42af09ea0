import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { api, ApiRequestError, unwrap } from '../../lib/api-client'
import { apiFetch } from '../../lib/api-fetch'
import type { UserType } from './auth.schema'
import type { MeResponse } from './me.schema'

// Public API of the auth feature for every screen: who is signed in, with profile, role and office.

export const meQueryKey = ['me'] as const

/** GET /api/me outside the query cache: null when signed out. */
export async function fetchMe(): Promise<MeResponse | null> {
  const response = await api.me.$get()
  if (response.status === 401) return null
  return unwrap(Promise.resolve(response))
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 })

// --- Superadmin simulation (spec §4): kept in the browser, changes what the UI shows, never what the server allows.
export const SIMULATION_STORAGE_KEY = 'jusconecta-simulation'
export type SimulatedProfile = 'superadmin' | UserType
const simulationListeners = new Set<() => void>()

function readSimulation(): SimulatedProfile | null {
  try {
    const value = localStorage.getItem(SIMULATION_STORAGE_KEY)
    return value === 'superadmin' || value === 'advogado' || value === 'estudante' || value === 'entidade'
      ? value
      : null
  } catch {
    return null
  }
}

export function setSimulation(value: SimulatedProfile | null) {
  try {
    if (value) localStorage.setItem(SIMULATION_STORAGE_KEY, value)
    else localStorage.removeItem(SIMULATION_STORAGE_KEY)
  } catch {
    // storage blocked: simulation lasts until reload
  }
  simulationListeners.forEach((listener) => listener())
}

export function useSimulation(): SimulatedProfile | null {
  return useSyncExternalStore(
    (listener) => {
      simulationListeners.add(listener)
      return () => simulationListeners.delete(listener)
    },
    readSimulation,
    () => null,
  )
}

/** Applies the superadmin's simulated profile: chosen type, name 'SuperAdmin (Simulando)'. */
export function applySimulation(me: MeResponse, simulation: SimulatedProfile | null): MeResponse {
  if (me.role !== 'superadmin' || !simulation || simulation === 'superadmin') return me
  return { ...me, profile: { ...me.profile, userType: simulation, nomeCompleto: 'SuperAdmin (Simulando)' } }
}

/**
 * The signed-in user as the interface should show them (simulation applied). `data` is null when signed
 * out; `isSimulating` tells screens to label the state.
 */
export function useSession() {
  const query = useQuery(meQueryOptions())
  const simulation = useSimulation()
  const real = query.data ?? null
  const data = real ? applySimulation(real, simulation) : null
  const role = real?.role ?? 'user'
  return {
    ...query,
    data,
    real,
    isSignedIn: !!real,
    isAdmin: role === 'admin' || role === 'superadmin',
    isSuperadmin: role === 'superadmin',
    isSimulating: data !== real,
  }
}

/** Signs out on the server and forgets every cached query (another user may sign in next). */
export function useSignOut() {
  const queryClient = useQueryClient()
  return useCallback(async () => {
    // better-auth's own route (not in AppType). A refusal keeps its pt-BR message under the code 'sign_out'.
    await apiFetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch((error: unknown) => {
      if (!(error instanceof ApiRequestError) || error.status === 0) throw error
      throw new ApiRequestError(
        error.status,
        'sign_out',
        error.code.startsWith('http_') ? 'Tente novamente.' : error.message,
      )
    })
    queryClient.clear()
  }, [queryClient])
}
