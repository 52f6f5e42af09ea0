import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatCnj } from '../../lib/br/cnj'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { platformEvents } from '../platform-logs/platform-logs.table.server'
import { settlePlatformSettings } from '../platform-settings/platform-settings.public.server'
import { platformSettings } from '../platform-settings/platform-settings.table.server'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { openCaptureRun, runCapture } from './publications.capture.server'
import {
  CANCELLATION_REASON,
  CANCELLED_ID,
  CASE_NUMBER,
  CASE_ONLY_ID,
  DATAJUD_NOT_COVERED,
  DATAJUD_SIGILOSO,
  DATAJUD_TIMEOUT,
  HOSTILE_ID,
  OAB_PAGED,
  PAGED_COUNT,
  PRAZO_ID,
} from './publications.fixtures'
import { startReplayServer, type ReplayServer } from './publications.replay'
import type {
  Andamentos,
  CaptureStatus,
  MonitoredOab,
  PrazoPrefill,
  PublicationItem,
  PublicationList,
  PublicationStats,
} from './publications.schema'
import { publications } from './publications.table.server'

// Issue 27 against the replay server: capture by OAB and case number (pages, an empty page, a suffixed OAB,
// hostile HTML, a later cancellation, a repeated window), the inbox and its actions, who sees what, and the
// DataJud timeline (two graus, sigilo, 504, 401, a court not covered).

let replay: ReplayServer
let t: TestApp & { deps: Parameters<typeof runCapture>[0] }
let ana: { cookie: string; email: string }
let officeId = ''
let caseId = ''

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

const get = async <T>(path: string, cookie = ana.cookie) => {
  const response = await t.app.request(path, jsonRequest('GET', undefined, cookie))
  return { status: response.status, body: (await response.json()) as T }
}
const send = async <T>(method: string, path: string, body: unknown, cookie = ana.cookie) => {
  const response = await t.app.request(path, jsonRequest(method, body, cookie))
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

async function capture() {
  const run = await openCaptureRun(t.deps.db, officeId, 'manual', null)
  const outcome = await runCapture(t.deps, run.id)
  return { run, outcome }
}

async function itemByDjen(djenId: number): Promise<PublicationItem> {
  const [row] = await t.handle.db
    .select({ id: publications.id })
    .from(publications)
    .where(and(eq(publications.officeId, officeId), eq(publications.djenId, djenId)))
  if (!row) throw new Error(`no item ${djenId}`)
  return (await get<PublicationItem>(`/api/publications/${row.id}`)).body
}

async function userIdOf(email: string) {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row?.id ?? ''
}

beforeAll(async () => {
  replay = await startReplayServer()
  t = await createTestApp({
    DJEN_API_URL: replay.url,
    DATAJUD_API_URL: replay.url,
    DATAJUD_API_KEY: 'replay-key',
    DJEN_MIN_INTERVAL_MS: '0',
    DJEN_RETRY_BASE_MS: '1',
    PUBLICATIONS_HTTP_TIMEOUT_MS: '5000',
  })
  ana = await signUp(
    t,
    lawyerSignUp({ nomeCompleto: 'Ana Sócia', oabNumero: OAB_PAGED.numero, oabEstado: 'SP' }),
  )
  const [member] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(ana.email)))
  officeId = member?.officeId ?? ''
  const kase = await send<{ id: string }>('POST', '/api/cases', {
    titulo: 'Ação de cobrança',
    areaJuridica: 'Civil',
    numeroProcesso: formatCnj(CASE_NUMBER),
  })
  expect(kase.status).toBe(201)
  caseId = kase.body.id
})
afterAll(async () => {
  await t?.close()
  await replay?.close()
})

describe('capture from the DJEN', () => {
  it("monitors the lawyer's own OAB from the profile and captures every page, by OAB and by case number", async () => {
    const oabs = await get<MonitoredOab[]>('/api/publications/oabs')
    expect(oabs.body).toEqual([
      expect.objectContaining({
        numero: OAB_PAGED.numero,
        uf: 'SP',
        origin: 'perfil',
        formatted: '123.456/SP',
      }),
    ])
    const { outcome } = await capture()
    expect(outcome.status).toBe('finished')
    const djen = replay.requests.filter((r) => r.path === '/api/v1/comunicacao')
    expect(djen.every((r) => r.query.itensPorPagina === '50')).toBe(true)
    // Page 2 came back empty once and was asked again; 3 pages for 120 items.
    const pages = djen.filter((r) => r.query.numeroOab === OAB_PAGED.numero).map((r) => r.query.pagina)
    expect(pages).toEqual(['1', '2', '2', '3'])
    expect(djen.some((r) => r.query.numeroProcesso === CASE_NUMBER)).toBe(true)
    // 120 by OAB + 1 only by case number (the prazo item came by both: stored once).
    const stats = await get<PublicationStats>('/api/publications/stats')
    expect(stats.body).toEqual({
      naoTratadas: PAGED_COUNT + 1,
      recebidasHoje: PAGED_COUNT + 1,
      prazosCriados: 0,
      canceladas: 0,
    })
    const status = await get<CaptureStatus>('/api/publications/capture')
    expect(status.body.running).toBeNull()
    expect(status.body.last).toMatchObject({
      status: 'finished',
      created: PAGED_COUNT + 1,
      done: 2,
      total: 2,
    })
    expect(status.body.lastSuccessAt).not.toBeNull()
  })

  it('matches suffixed OABs to the same lawyer and items to the case by CNJ number', async () => {
    const [own] = (await get<MonitoredOab[]>('/api/publications/oabs')).body
    const suffixed = await itemByDjen(800_005)
    expect(suffixed.advogados[0]?.numeroOab).toBe('123456A')
    expect(suffixed.foundByOab?.id).toBe(own?.id)
    const byCase = await itemByDjen(CASE_ONLY_ID)
    expect(byCase.case).toEqual({ id: caseId, titulo: 'Ação de cobrança' })
    expect(byCase.foundByOab).toBeNull()
  })

  it('stores the text as sanitised HTML: formatting only, links isolated', async () => {
    const item = await itemByDjen(HOSTILE_ID)
    expect(item.textoHtml).not.toMatch(/script|onerror|onclick|class=|style=|id=|iframe|javascript:|<img/i)
    expect(item.textoHtml).toContain('<b>intimada</b>')
    expect(item.textoHtml).toContain(
      '<a href="https://www.cnj.jus.br/" rel="noopener noreferrer" target="_blank">CNJ</a>',
    )
  })

  it('notifies the OAB owner of each new item once', async () => {
    const rows = await t.handle.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, await userIdOf(ana.email)))
    const mine = rows.length
    expect(mine).toBeGreaterThanOrEqual(PAGED_COUNT + 1)
    expect(t.mailer.sent.some((m) => m.to === ana.email && /novas publicações/.test(m.subject))).toBe(true)
    // The same window again adds nothing and notifies nobody.
    const again = await capture()
    expect(again.outcome.status).toBe('finished')
    const status = await get<CaptureStatus>('/api/publications/capture')
    expect(status.body.last).toMatchObject({ created: 0, updated: 0 })
    const after = await t.handle.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, await userIdOf(ana.email)))
    expect(after.length).toBe(mine)
  })

  it('updates an item cancelled in a later window (never deletes it)', async () => {
    replay.cancel()
    await capture()
    const status = await get<CaptureStatus>('/api/publications/capture')
    expect(status.body.last).toMatchObject({ created: 0, updated: 1 })
    const item = await itemByDjen(CANCELLED_ID)
    expect(item).toMatchObject({ status: 'cancelada', ativo: false, motivoCancelamento: CANCELLATION_REASON })
    expect((await get<PublicationStats>('/api/publications/stats')).body.canceladas).toBe(1)
    const blocked = await send('POST', `/api/publications/${item.id}/status`, { status: 'tratada' })
    expect(blocked.status).toBe(409)
  })
})

describe('the inbox', () => {
  it('pages by cursor, newest first, without repeats', async () => {
    const seen: PublicationItem[] = []
    let cursor: string | null = ''
    for (let page = 0; cursor !== null && page < 10; page++) {
      const list: { body: PublicationList } = await get<PublicationList>(
        `/api/publications?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      )
      seen.push(...list.body.items)
      cursor = list.body.nextCursor
    }
    expect(seen.length).toBe(PAGED_COUNT + 1)
    expect(new Set(seen.map((i) => i.id)).size).toBe(seen.length)
    const keys = seen.map((i) => `${i.dataDisponibilizacao}.${String(i.djenId).padStart(10, '0')}`)
    expect(keys).toEqual([...keys].sort().reverse())
  })

  it('filters by status, tribunal, OAB, period and text (accents ignored)', async () => {
    const cancelled = await get<PublicationList>('/api/publications?status=cancelada')
    expect(cancelled.body.items.map((i) => i.djenId)).toEqual([CANCELLED_ID])
    const text = await get<PublicationList>('/api/publications?q=QUINZE')
    expect(text.body.items.map((i) => i.djenId)).toEqual([PRAZO_ID])
    const accents = await get<PublicationList>('/api/publications?q=contestacao')
    expect(accents.body.items.map((i) => i.djenId)).toEqual([PRAZO_ID])
    const byNumber = await get<PublicationList>(`/api/publications?q=${formatCnj(CASE_NUMBER)}`)
    expect(byNumber.body.items.map((i) => i.djenId).sort()).toEqual([CASE_ONLY_ID, PRAZO_ID].sort())
    expect((await get<PublicationList>('/api/publications?tribunal=TRF3')).body.items).toEqual([])
    const today = (await itemByDjen(CANCELLED_ID)).dataDisponibilizacao
    const period = await get<PublicationList>(`/api/publications?from=${today}&to=${today}&limit=100`)
    expect(period.body.items.every((i) => i.dataDisponibilizacao === today)).toBe(true)
    expect((await get<unknown>('/api/publications?from=2024-02-30')).status).toBe(400)
    const [oab] = (await get<MonitoredOab[]>('/api/publications/oabs')).body
    const byOab = await get<PublicationList>(`/api/publications?oabId=${oab?.id}&limit=100`)
    expect(byOab.body.items.every((i) => i.foundByOab?.id === oab?.id)).toBe(true)
  })

  it("'Criar prazo': prefill, the agenda's prazo, the link; 'Marcar como tratada' records who and when", async () => {
    const item = await itemByDjen(PRAZO_ID)
    const prefill = await get<PrazoPrefill>(`/api/publications/${item.id}/prazo-prefill`)
    expect(prefill.body).toMatchObject({
      disponibilizacao: item.dataDisponibilizacao,
      tribunal: 'TJSP',
      dias: 15,
      caseId,
    })
    const prazo = await send<{ id: string }>('POST', '/api/agenda/prazos', {
      disponibilizacao: prefill.body.disponibilizacao,
      dias: prefill.body.dias,
      tribunal: prefill.body.tribunal,
      titulo: prefill.body.titulo,
      caseId: prefill.body.caseId,
    })
    expect(prazo.status).toBe(201)
    const linked = await send<PublicationItem>('POST', `/api/publications/${item.id}/prazo`, {
      eventId: prazo.body.id,
    })
    expect(linked.body).toMatchObject({ prazoEventId: prazo.body.id, status: 'tratada' })
    expect((await get<PublicationStats>('/api/publications/stats')).body.prazosCriados).toBe(1)
    const bad = await send('POST', `/api/publications/${item.id}/prazo`, {
      eventId: '00000000-0000-4000-8000-000000000000',
    })
    expect(bad.status).toBe(400)

    const other = await itemByDjen(800_010)
    const treated = await send<PublicationItem>('POST', `/api/publications/${other.id}/status`, {
      status: 'tratada',
    })
    expect(treated.body.status).toBe('tratada')
    expect(treated.body.treatedBy?.nome).toBe('Ana Sócia')
    expect(treated.body.treatedAt).not.toBeNull()
    const casePrefill = await get<{ numeroProcesso: string; vara: string }>(
      `/api/publications/${other.id}/case-prefill`,
    )
    expect(casePrefill.body.numeroProcesso).toBe(other.numeroProcesso)
    expect(casePrefill.body.vara).toBe(other.nomeOrgao)
  })

  it("'Criar prazo' in one transaction: the agenda's prazo carries the publication", async () => {
    const item = await itemByDjen(800_011)
    const prefill = (await get<PrazoPrefill>(`/api/publications/${item.id}/prazo-prefill`)).body
    const body = {
      disponibilizacao: prefill.disponibilizacao,
      dias: 10,
      tribunal: prefill.tribunal,
      titulo: prefill.titulo,
    }
    const created = await send<{ id: string }>('POST', '/api/agenda/prazos', {
      ...body,
      publicationId: item.id,
    })
    expect(created.status).toBe(201)
    expect((await get<PublicationItem>(`/api/publications/${item.id}`)).body).toMatchObject({
      prazoEventId: created.body.id,
      status: 'tratada',
    })
    expect((await get<PublicationStats>('/api/publications/stats')).body.prazosCriados).toBe(2)
    // An unknown item refuses the prazo too: nothing is created.
    const events = async () => (await get<{ total: number }>('/api/agenda/events?limit=1')).body.total
    const before = await events()
    const refused = await send('POST', '/api/agenda/prazos', {
      ...body,
      publicationId: '00000000-0000-4000-8000-000000000000',
    })
    expect(refused.status).toBe(400)
    expect(await events()).toBe(before)
  })

  it("'Ver certidão' streams the DJEN's PDF", async () => {
    const item = await itemByDjen(HOSTILE_ID)
    const response = await t.app.request(
      `/api/publications/${item.id}/certidao`,
      jsonRequest('GET', undefined, ana.cookie),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect((await response.text()).startsWith('%PDF')).toBe(true)
  })
})

describe('who sees what', () => {
  it('an item follows its case; an unmatched one is the sócios’ and its OAB owner’s; another office sees nothing', async () => {
    const associado = await signUp(t, student('Beto Associado'))
    const estagiario = await signUp(t, student('Caio Estagiário'))
    for (const [account, nivel] of [
      [associado, 'associado'],
      [estagiario, 'estagiario'],
    ] as const) {
      await t.handle.db
        .insert(officeMembers)
        .values({ officeId, userId: await userIdOf(account.email), nivelAcesso: nivel })
    }
    const forAssociado = await get<PublicationList>('/api/publications?limit=100', associado.cookie)
    // The associado sees every case (the two items of the case) but not Ana's unmatched items.
    expect(forAssociado.body.items.map((i) => i.djenId).sort()).toEqual([CASE_ONLY_ID, PRAZO_ID].sort())
    expect(
      (await get<{ naoTratadas: number }>('/api/publications/count', associado.cookie)).body.naoTratadas,
    ).toBe(1)
    const forEstagiario = await get<PublicationList>('/api/publications', estagiario.cookie)
    expect(forEstagiario.body.items).toEqual([])
    const hidden = await itemByDjen(HOSTILE_ID)
    expect((await get(`/api/publications/${hidden.id}`, estagiario.cookie)).status).toBe(404)
    expect(
      (await send('POST', `/api/publications/${hidden.id}/status`, { status: 'tratada' }, associado.cookie))
        .status,
    ).toBe(404)

    const outsider = await signUp(
      t,
      lawyerSignUp({ nomeCompleto: 'Otto Outro', oabNumero: '555555', oabEstado: 'SP' }),
    )
    expect((await get<PublicationList>('/api/publications', outsider.cookie)).body.items).toEqual([])
    expect((await get(`/api/publications/${hidden.id}`, outsider.cookie)).status).toBe(404)
    expect((await get(`/api/publications/${hidden.id}/certidao`, outsider.cookie)).status).toBe(404)
    expect((await get(`/api/publications/andamentos/${caseId}`, outsider.cookie)).status).toBe(404)

    // OAB changes are the sócios'.
    expect(
      (await send('POST', '/api/publications/oabs', { numero: '1234', uf: 'RJ' }, associado.cookie)).status,
    ).toBe(403)
  })
})

describe('monitored OABs and failures', () => {
  it('validates, refuses duplicates and keeps profile OABs', async () => {
    expect((await send('POST', '/api/publications/oabs', { numero: '12A34', uf: 'SP' })).status).toBe(400)
    expect((await send('POST', '/api/publications/oabs', { numero: '1234', uf: 'XX' })).status).toBe(400)
    expect((await send('POST', '/api/publications/oabs', { numero: '123456', uf: 'SP' })).status).toBe(409)
    const [own] = (await get<MonitoredOab[]>('/api/publications/oabs')).body
    expect((await send('DELETE', `/api/publications/oabs/${own?.id}`, undefined)).status).toBe(409)
  })

  it('waits out a 429 (Retry-After) and a burst of 500s; an empty page that stays empty fails the run', async () => {
    for (const oab of [
      { numero: '222222', uf: 'RJ' },
      { numero: '333333', uf: 'MG' },
      { numero: '444.444', uf: 'pr' },
    ]) {
      expect((await send('POST', '/api/publications/oabs', oab)).status).toBe(201)
    }
    replay.reset()
    const started = Date.now()
    const { outcome } = await capture()
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(outcome.status).toBe('failed')
    const oabs = (await get<MonitoredOab[]>('/api/publications/oabs')).body
    const byNumber = new Map(oabs.map((o) => [o.numero, o]))
    expect(byNumber.get('222222')).toMatchObject({ lastError: null })
    expect(byNumber.get('222222')?.lastSuccessAt).not.toBeNull()
    expect(byNumber.get('333333')).toMatchObject({ lastError: null })
    expect(byNumber.get('444444')?.lastError).toMatch(/página vazia/)
    expect(byNumber.get('444444')?.lastSuccessAt).toBeNull()
    const rateLimited = replay.requests.filter((r) => r.query.numeroOab === '222222')
    expect(rateLimited.length).toBe(2)
    expect(replay.requests.filter((r) => r.query.numeroOab === '333333').length).toBe(4)
    const status = (await get<CaptureStatus>('/api/publications/capture')).body
    expect(status.last?.status).toBe('failed')
    expect(status.nextRetryAt).not.toBeNull()
    const list = await get<PublicationList>('/api/publications?tribunal=TJSP&limit=100')
    expect(list.body.items.length).toBe(100)
  })

  it("the switch 'Captura de publicações' stops every call", async () => {
    await t.handle.db.update(platformSettings).set({ publicationsCapture: false })
    await settlePlatformSettings(t.deps.db)
    replay.reset()
    expect((await send('POST', '/api/publications/capture', {})).status).toBe(409)
    const { outcome } = await capture()
    expect(outcome.status).toBe('failed')
    expect((await send('POST', `/api/publications/andamentos/${caseId}`, {})).status).toBe(503)
    expect(replay.requests).toEqual([])
    expect((await get<CaptureStatus>('/api/publications/capture')).body.enabled).toBe(false)
    await t.handle.db.update(platformSettings).set({ publicationsCapture: true })
    await settlePlatformSettings(t.deps.db)
  })
})

describe('andamentos (DataJud)', () => {
  const caseWith = async (numero: string) => {
    const kase = await send<{ id: string }>('POST', '/api/cases', {
      titulo: `Caso ${numero}`,
      areaJuridica: 'Civil',
      numeroProcesso: formatCnj(numero),
    })
    expect(kase.status).toBe(201)
    return kase.body.id
  }

  it('merges the graus into one deduplicated timeline, newest first', async () => {
    expect((await get<Andamentos>(`/api/publications/andamentos/${caseId}`)).body.state).toBe('nunca')
    const response = await send<Andamentos>('POST', `/api/publications/andamentos/${caseId}`, {})
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ state: 'ok', alias: 'tjsp', graus: ['G1', 'G2'] })
    expect(response.body.movimentos.map((m) => `${m.grau} ${m.nome}`)).toEqual([
      'G1 Baixa Definitiva',
      'G2 Trânsito em julgado',
      'G2 Distribuição',
      'G1 Mero expediente',
      'G1 Distribuição',
    ])
    expect(response.body.movimentos[3]?.complementos).toEqual(['tipo de documento: Despacho'])
    const search = replay.requests.find((r) => r.path === '/api_publica_tjsp/_search')
    expect(search?.method).toBe('POST')
    expect((await get<Andamentos>(`/api/publications/andamentos/${caseId}`)).body.fetchedAt).not.toBeNull()
  })

  it('hides sigilo, names courts not covered, and answers 504 and 401 as unavailable', async () => {
    const sigiloso = await send<Andamentos>(
      'POST',
      `/api/publications/andamentos/${await caseWith(DATAJUD_SIGILOSO)}`,
      {},
    )
    expect(sigiloso.body).toMatchObject({
      state: 'nao_encontrado',
      message: 'processo não encontrado no DataJud',
      movimentos: [],
    })
    const stf = await send<Andamentos>(
      'POST',
      `/api/publications/andamentos/${await caseWith(DATAJUD_NOT_COVERED)}`,
      {},
    )
    expect(stf.body).toMatchObject({ state: 'nao_coberto', message: 'tribunal não coberto' })
    const slow = await send<{ error: { message: string } }>(
      'POST',
      `/api/publications/andamentos/${await caseWith(DATAJUD_TIMEOUT)}`,
      {},
    )
    expect(slow.status).toBe(503)
    expect(slow.body.error.message).toBe('DataJud indisponível, tente mais tarde')
    replay.setDatajudKey('rotated-key')
    const refused = await send<{ error: { message: string } }>(
      'POST',
      `/api/publications/andamentos/${caseId}`,
      {},
    )
    expect(refused.status).toBe(503)
    const events = await t.handle.db
      .select()
      .from(platformEvents)
      .where(eq(platformEvents.kind, 'integracao'))
    expect(events.length).toBe(1)
    replay.setDatajudKey('replay-key')
  })
})
