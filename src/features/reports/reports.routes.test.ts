import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diffDaysISO, todayISO } from '../../lib/br/dates'
import { createTestApp, type TestApp } from '../../test/test-app'
import { buildReportsOffice, MARCH, type ReportsOffice } from './reports.fixtures'
import {
  monthOf,
  REPORT_MESSAGES,
  type Analytics,
  type AreaReport,
  type HoursReport,
  type PipelineReport,
} from './reports.schema'

// Issue 11, Relatórios and Analytics: each report's numbers on a small hand-built office (reports.fixtures.ts
// says where every expected number comes from), the associado narrowed to their cases and hours, the
// estagiário and assistente refused, and another office's rows never counted.

let t: TestApp
let office: ReportsOffice
const now = new Date()

// Five sign-ups (password hashing) and the hand-built office: slow on a busy machine, so a longer hook timeout.
beforeAll(async () => {
  t = await createTestApp()
  office = await buildReportsOffice(t, now)
}, 180_000)
afterAll(() => t.close())

async function get<T>(path: string, cookie: string, status = 200): Promise<T> {
  const response = await t.app.request(path, { headers: { cookie } })
  expect(response.status, path).toBe(status)
  return (await response.json()) as T
}

const march = `from=${MARCH.from}&to=${MARCH.to}`

describe('Desempenho por área', () => {
  it('counts opened, concluded, success rate and paid revenue per area in the period', async () => {
    const report = await get<AreaReport>(`/api/reports/area?${march}`, office.cookies.socio)
    expect(report.period).toEqual(MARCH)
    expect(report.rows).toEqual([
      {
        area: 'Civil',
        abertos: 2,
        concluidos: 3,
        comResultado: 3,
        exitosos: 2,
        taxaExito: 2 / 3,
        receita: '1000.10',
      },
      {
        area: 'Trabalhista',
        abertos: 1,
        concluidos: 1,
        comResultado: 0,
        exitosos: 0,
        taxaExito: null,
        receita: '0.20',
      },
      {
        area: 'Penal',
        abertos: 1,
        concluidos: 0,
        comResultado: 0,
        exitosos: 0,
        taxaExito: null,
        receita: '0.00',
      },
      {
        area: null,
        abertos: 0,
        concluidos: 0,
        comResultado: 0,
        exitosos: 0,
        taxaExito: null,
        receita: '250.00',
      },
    ])
    expect(report.totals).toEqual({
      abertos: 4,
      concluidos: 4,
      comResultado: 3,
      exitosos: 2,
      taxaExito: 2 / 3,
      receita: '1250.30',
    })
  })

  it('limits the associado to the cases where they are responsible (c1, c4), without unlinked revenue', async () => {
    const report = await get<AreaReport>(`/api/reports/area?${march}`, office.cookies.associado)
    expect(report.rows).toEqual([
      {
        area: 'Civil',
        abertos: 1,
        concluidos: 1,
        comResultado: 1,
        exitosos: 1,
        taxaExito: 1,
        receita: '1000.10',
      },
      {
        area: 'Trabalhista',
        abertos: 1,
        concluidos: 0,
        comResultado: 0,
        exitosos: 0,
        taxaExito: null,
        receita: '0.20',
      },
    ])
  })

  it('takes the period by São Paulo calendar days, both ends included', async () => {
    // Only 1 March: c1 opens, nothing concludes, r1 was paid.
    const day = await get<AreaReport>('/api/reports/area?from=2026-03-01&to=2026-03-01', office.cookies.socio)
    expect(day.rows).toEqual([
      {
        area: 'Civil',
        abertos: 1,
        concluidos: 0,
        comResultado: 0,
        exitosos: 0,
        taxaExito: null,
        receita: '1000.10',
      },
    ])
    // Without a period: the current São Paulo month.
    const current = await get<AreaReport>('/api/reports/area', office.cookies.socio)
    expect(current.period).toEqual(monthOf(todayISO()))
  })
})

describe('Horas faturáveis', () => {
  it("values billable hours at each member's rate, per member and per case", async () => {
    const report = await get<HoursReport>(`/api/reports/horas?${march}`, office.cookies.socio)
    expect(report.members).toEqual([
      {
        memberId: office.members.socio,
        nome: 'Sofia Sócia',
        minutos: 165,
        minutosFaturaveis: 135,
        valorHora: '300.00',
        valor: '675.00',
      },
      {
        memberId: office.members.associado,
        nome: 'Membro associado',
        minutos: 100,
        minutosFaturaveis: 100,
        valorHora: '200.00',
        valor: '333.33',
      },
      {
        memberId: office.members.estagiario,
        nome: 'Membro estagiario',
        minutos: 60,
        minutosFaturaveis: 60,
        valorHora: null,
        valor: null,
      },
    ])
    // c1: 90 + 30 + 100 + 60 minutes; value (90 × 300 + 100 × 200) / 60 = 783.33; 60 billable minutes unrated.
    expect(report.cases).toEqual([
      {
        caseId: office.cases.c1,
        titulo: 'C1 Cobrança',
        minutos: 280,
        minutosFaturaveis: 250,
        valor: '783.33',
        minutosSemValor: 60,
      },
      {
        caseId: office.cases.c4,
        titulo: 'C4 Reclamação',
        minutos: 45,
        minutosFaturaveis: 45,
        valor: '225.00',
        minutosSemValor: 0,
      },
    ])
    expect(report.casesTotal).toBe(2)
    expect(report.totals).toEqual({
      minutos: 325,
      minutosFaturaveis: 295,
      valor: '1008.33',
      minutosSemValor: 60,
    })
  })

  it('shows the associado only their own hours', async () => {
    const report = await get<HoursReport>(`/api/reports/horas?${march}`, office.cookies.associado)
    expect(report.members.map((row) => [row.nome, row.minutos, row.valor])).toEqual([
      ['Membro associado', 100, '333.33'],
    ])
    expect(report.cases.map((row) => [row.titulo, row.minutos, row.valor])).toEqual([
      ['C1 Cobrança', 100, '333.33'],
    ])
    expect(report.totals.valor).toBe('333.33')
  })
})

describe('Pipeline de casos', () => {
  it('counts cases per status, opened vs concluded per month and the average days', async () => {
    const report = await get<PipelineReport>(
      '/api/reports/pipeline?from=2026-02-01&to=2026-03-31',
      office.cookies.socio,
    )
    expect(report.status).toEqual([
      { status: 'aberto', casos: 1 },
      { status: 'andamento', casos: 1 },
      { status: 'concluido', casos: 5 },
      { status: 'arquivado', casos: 0 },
    ])
    expect(report.months).toEqual([
      { mes: '2026-02', abertos: 2, concluidos: 0 },
      { mes: '2026-03', abertos: 4, concluidos: 4 },
    ])
    const today = todayISO()
    const open = (diffDaysISO('2026-03-05', today) + diffDaysISO('2026-03-31', today)) / 2
    expect(report.casosAtivos).toBe(2)
    expect(report.mediaDiasAberto).toBe(Math.round(open * 10) / 10)
    // c1 30, c2 33, c3 10, c6 60 days → 33.25.
    expect(report.concluidos).toBe(4)
    expect(report.mediaDiasConclusao).toBe(33.3)
  })

  it('narrows the associado to c1 and c4', async () => {
    const report = await get<PipelineReport>(`/api/reports/pipeline?${march}`, office.cookies.associado)
    expect(report.status.filter((row) => row.casos > 0)).toEqual([
      { status: 'andamento', casos: 1 },
      { status: 'concluido', casos: 1 },
    ])
    expect(report.months).toEqual([{ mes: '2026-03', abertos: 2, concluidos: 1 }])
    expect(report.mediaDiasConclusao).toBe(30)
  })
})

describe('Analytics', () => {
  it('computes the cards, areas with growth, team productivity and quality', async () => {
    const data = await get<Analytics>(`/api/reports/analytics?${march}`, office.cookies.socio)
    expect(data.previous).toEqual({ from: '2026-01-29', to: '2026-02-28' })
    expect(data.cards).toEqual({ casosAtivos: 2, clientesAtivos: 2, audiencias30d: 3, receitaMes: '99.99' })
    expect(data.areas).toEqual([
      {
        area: 'Civil',
        casosAtivos: 0,
        abertos: 2,
        receita: '1000.10',
        receitaAnterior: '500.05',
        crescimento: 1,
      },
      {
        area: 'Trabalhista',
        casosAtivos: 1,
        abertos: 1,
        receita: '0.20',
        receitaAnterior: '0.00',
        crescimento: null,
      },
      {
        area: 'Penal',
        casosAtivos: 1,
        abertos: 1,
        receita: '0.00',
        receitaAnterior: '0.00',
        crescimento: null,
      },
    ])
    expect(data.equipe.slice(0, 3)).toEqual([
      {
        memberId: office.members.socio,
        nome: 'Sofia Sócia',
        casosAtivos: 2,
        minutos: 165,
        minutosFaturaveis: 135,
        eficiencia: 135 / 165,
      },
      {
        memberId: office.members.associado,
        nome: 'Membro associado',
        casosAtivos: 1,
        minutos: 100,
        minutosFaturaveis: 100,
        eficiencia: 1,
      },
      {
        memberId: office.members.estagiario,
        nome: 'Membro estagiario',
        casosAtivos: 0,
        minutos: 60,
        minutosFaturaveis: 60,
        eficiencia: 1,
      },
    ])
    expect(data.equipe).toHaveLength(4)
    expect(data.qualidade).toEqual({
      taxaExito: 2 / 3,
      comResultado: 3,
      avaliacaoMedia: null,
      mediaDiasConclusao: 33.3,
    })
    expect(data.limitado).toBe(false)
  })

  it("gives the associado their cases' numbers and hearings, and only themselves on the team", async () => {
    const data = await get<Analytics>(`/api/reports/analytics?${march}`, office.cookies.associado)
    // Active: c4. Hearings: c4's and the one without a case (c7's is not theirs). No client is linked.
    expect(data.cards).toEqual({ casosAtivos: 1, clientesAtivos: 0, audiencias30d: 2, receitaMes: '0.00' })
    expect(data.equipe.map((row) => [row.nome, row.casosAtivos, row.minutos])).toEqual([
      ['Membro associado', 1, 100],
    ])
    expect(data.qualidade).toMatchObject({ taxaExito: 1, comResultado: 1, mediaDiasConclusao: 30 })
    expect(data.limitado).toBe(true)
  })
})

describe('access and input', () => {
  const paths = [
    '/api/reports/area',
    '/api/reports/horas/export.csv',
    '/api/reports/pipeline/export.pdf',
    '/api/reports/export.zip',
    '/api/reports/analytics',
  ]

  it('answers 401 without a session and 403 to the estagiário and the assistente', async () => {
    for (const path of paths) {
      expect((await t.app.request(path)).status, path).toBe(401)
      for (const cookie of [office.cookies.estagiario, office.cookies.assistente]) {
        const response = await t.app.request(path, { headers: { cookie } })
        expect(response.status, path).toBe(403)
      }
    }
  })

  it('refuses a bad period with a pt-BR message', async () => {
    for (const query of [
      'from=2026-03-10&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
      'from=ontem&to=hoje',
    ]) {
      const body = await get<{ error: { code: string; message: string } }>(
        `/api/reports/area?${query}`,
        office.cookies.socio,
        400,
      )
      expect(body.error.code, query).toBe('validation')
      expect(body.error.message, query).toContain(REPORT_MESSAGES.period)
    }
  })

  it("counts nothing of another office for that office's sócio", async () => {
    const report = await get<AreaReport>(`/api/reports/area?${march}`, office.cookies.other)
    expect(report.totals).toMatchObject({ abertos: 1, concluidos: 1, exitosos: 1, receita: '9999.00' })
  })
})
