import { useEffect, useState } from 'react'
import type { Uf } from '../../lib/br/uf'

// The search's city list comes from the reference API (IBGE municipalities), fetched only when a state
// is chosen; answers are cached for the visit (and by the browser for a day, see reference.routes.ts).
// The calls live in landing-api.ts, loaded on first use (outside the landing's first chunk).
export interface City {
  id: number
  nome: string
}

type CitiesState =
  | { status: 'idle'; cities: [] }
  | { status: 'loading'; cities: [] }
  | { status: 'error'; cities: [] }
  | { status: 'ready'; cities: City[] }

let estadoIds: Promise<Map<string, number>> | null = null
const citiesByUf = new Map<Uf, Promise<City[]>>()

function loadCities(uf: Uf): Promise<City[]> {
  let cities = citiesByUf.get(uf)
  if (!cities) {
    const landingApi = import('./landing-api')
    estadoIds ??= landingApi.then((calls) => calls.fetchEstadoIds())
    cities = Promise.all([estadoIds, landingApi]).then(([ids, calls]): Promise<City[]> => {
      const id = ids.get(uf)
      if (id === undefined) throw new Error(`unknown state ${uf}`)
      return calls.fetchCities(id)
    })
    // A failed load is forgotten, so "Tentar novamente" asks again.
    cities.catch(() => {
      citiesByUf.delete(uf)
      estadoIds = null
    })
    citiesByUf.set(uf, cities)
  }
  return cities
}

export function useCities(uf: Uf | '') {
  const [state, setState] = useState<CitiesState>({ status: 'idle', cities: [] })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!uf) {
      setState({ status: 'idle', cities: [] })
      return
    }
    let active = true
    setState({ status: 'loading', cities: [] })
    loadCities(uf).then(
      (cities) => active && setState({ status: 'ready', cities }),
      () => active && setState({ status: 'error', cities: [] }),
    )
    return () => {
      active = false
    }
  }, [uf, attempt])

  return { ...state, retry: () => setAttempt((n) => n + 1) }
}
