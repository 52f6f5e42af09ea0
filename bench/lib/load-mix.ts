import { generateCpf } from '../../src/lib/br/cpf'
import type { LoadOffice } from './load-seed'

// What one simulated user of bench/load.ts does: a screen of the app at a time (the requests the SPA sends
// for it, in parallel as the browser does), then a pause to read. Weights are the share of screens.

export interface PlannedRequest {
  /** Method and route pattern: what the figures are grouped by. */
  label: string
  method: 'GET' | 'POST'
  path: string
  body?: unknown
}

export interface Screen {
  name: string
  weight: number
  requests(office: LoadOffice): PlannedRequest[]
}

const SURNAMES = ['silva', 'santos', 'oliveira', 'souza', 'lima', 'pereira', 'costa', 'almeida', 'ferreira']
const CASE_TERMS = ['cobrança', 'indenização', 'trabalhista', 'divórcio', 'alimentos', 'rescisão', 'execução']
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!

const get = (label: string, path: string): PlannedRequest => ({ label: `GET ${label}`, method: 'GET', path })
const post = (label: string, path: string, body: unknown): PlannedRequest => ({
  label: `POST ${label}`,
  method: 'POST',
  path,
  body,
})

let created = 0

/** This month ± a week, as the agenda's month view asks for it. */
function monthRange() {
  const now = new Date()
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 7 * 86_400_000)
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) + 7 * 86_400_000)
  return `from=${from.toISOString()}&to=${to.toISOString()}`
}

/** A day within the next two months, 'YYYY-MM-DD'. */
function soon() {
  return new Date(Date.now() + (1 + Math.floor(Math.random() * 60)) * 86_400_000).toISOString().slice(0, 10)
}

export const SCREENS: Screen[] = [
  {
    name: 'painel (início)',
    weight: 14,
    requests: () => [
      get('/api/me', '/api/me'),
      get('/api/cases/stats', '/api/cases/stats'),
      get('/api/clients/stats', '/api/clients/stats'),
      get('/api/documents/stats', '/api/documents/stats'),
      get('/api/agenda/next', '/api/agenda/next'),
      get('/api/notifications', '/api/notifications?limit=10'),
    ],
  },
  {
    name: 'clientes: lista',
    weight: 14,
    requests: () => [
      get('/api/clients', '/api/clients?limit=20'),
      get('/api/clients/stats', '/api/clients/stats'),
    ],
  },
  {
    name: 'clientes: busca',
    weight: 9,
    requests: () => [get('/api/clients?search', `/api/clients?search=${encodeURIComponent(pick(SURNAMES))}`)],
  },
  {
    name: 'clientes: ficha',
    weight: 5,
    requests: (office) => [get('/api/clients/:id', `/api/clients/${pick(office.clientIds)}`)],
  },
  {
    name: 'clientes: novo',
    weight: 4,
    requests: () => [
      post('/api/clients', '/api/clients', {
        nomeCompleto: `Cliente Carga ${++created} ${pick(SURNAMES)}`,
        tipoPessoa: 'fisica',
        documento: generateCpf(),
        telefone: '(11) 98888-7777',
      }),
    ],
  },
  {
    name: 'casos: lista',
    weight: 12,
    requests: () => [get('/api/cases', '/api/cases?limit=20'), get('/api/cases/stats', '/api/cases/stats')],
  },
  {
    name: 'casos: busca',
    weight: 6,
    requests: () => [get('/api/cases?search', `/api/cases?search=${encodeURIComponent(pick(CASE_TERMS))}`)],
  },
  {
    name: 'casos: novo',
    weight: 3,
    requests: (office) => [
      post('/api/cases', '/api/cases', {
        titulo: `Ação de cobrança carga ${++created}`,
        areaJuridica: 'Civil',
        clientId: pick(office.clientIds),
      }),
    ],
  },
  {
    name: 'agenda: mês',
    weight: 10,
    requests: () => [
      get('/api/agenda/events', `/api/agenda/events?${monthRange()}&limit=100`),
      get('/api/agenda/stats', '/api/agenda/stats'),
    ],
  },
  {
    name: 'agenda: novo evento',
    weight: 3,
    requests: () => [
      post('/api/agenda/events', '/api/agenda/events', {
        titulo: `Reunião carga ${++created}`,
        tipo: 'reuniao',
        data: soon(),
        hora: '14:30',
        lembreteMinutos: 60,
      }),
    ],
  },
  {
    name: 'notificações',
    weight: 8,
    requests: () => [get('/api/notifications', '/api/notifications?limit=20')],
  },
  {
    name: 'dados de referência',
    weight: 4,
    requests: () => [
      get('/api/estados', '/api/estados'),
      get('/api/estados/:id/cidades', '/api/estados/35/cidades'),
    ],
  },
  {
    name: 'seletores (opções)',
    weight: 4,
    requests: () => [
      get('/api/clients/options', `/api/clients/options?search=${pick(SURNAMES)}`),
      get('/api/cases/options', '/api/cases/options'),
    ],
  },
]

const TOTAL_WEIGHT = SCREENS.reduce((sum, screen) => sum + screen.weight, 0)

export function pickScreen(): Screen {
  let roll = Math.random() * TOTAL_WEIGHT
  for (const screen of SCREENS) {
    roll -= screen.weight
    if (roll < 0) return screen
  }
  return SCREENS[SCREENS.length - 1]!
}
