import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calcularPrazo } from '../../lib/br/deadline'
import { addBusinessDays } from '../../lib/br/holidays'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { auditLog } from '../audit/audit.table.server'
import { offices, officeMembers } from '../offices/offices.table.server'
import { agendaClient, officeOf, userIdOf } from './agenda.fixtures'
import { AGENDA_MESSAGES, type AgendaSettings, type EventRow, type PrazoCalcResult } from './agenda.schema'

// GET/PATCH /api/agenda/settings: the office's internal early warning of a prazo (offices.prazo_aviso_dias),
// read by every member, changed by sócios only, and used by the next 'Calcular prazo' / 'Criar prazo'.

let t: TestApp
let socio: { cookie: string; email: string }
let associado: string
let outsider: string
let officeId: string
let api: ReturnType<typeof agendaClient>

/** A student's account: no office of its own, so the membership inserted below is its only one. */
const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

async function storedSetting(): Promise<number | undefined> {
  const [row] = await t.handle.db
    .select({ dias: offices.prazoAvisoDias })
    .from(offices)
    .where(eq(offices.id, officeId))
  return row?.dias
}

const settings = async (cookie: string) => {
  const response = await api.get('/settings', cookie)
  expect(response.status).toBe(200)
  return (await response.json()) as AgendaSettings
}

beforeAll(async () => {
  t = await createTestApp()
  socio = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  outsider = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Outro' }))).cookie
  officeId = await officeOf(t, socio.email)
  api = agendaClient(t, socio.cookie)
  // Inserted before the member's first request, so nothing about them is cached yet.
  const member = await signUp(t, student('Alice Associada'))
  await t.handle.db
    .insert(officeMembers)
    .values({ officeId, userId: await userIdOf(t, member.email), nivelAcesso: 'associado' })
  associado = member.cookie
})
afterAll(() => t.close())

describe('agenda settings', () => {
  it('every member reads the setting (default 2); only a sócio may edit it', async () => {
    expect(await settings(socio.cookie)).toEqual({ prazoAvisoDias: 2, editable: true })
    expect(await settings(associado)).toEqual({ prazoAvisoDias: 2, editable: false })
    expect((await t.app.request('/api/agenda/settings')).status).toBe(401)
  })

  it('an associado gets 403 and nothing changes', async () => {
    const response = await api.send('PATCH', '/settings', { prazoAvisoDias: 10 }, associado)
    expect(response.status).toBe(403)
    expect(await storedSetting()).toBe(2)
  })

  it('rejects anything but a whole number of business days from 0 to 30, in pt-BR, writing nothing', async () => {
    for (const prazoAvisoDias of [31, -1, 2.5, '5', null, 'abc']) {
      const response = await api.send('PATCH', '/settings', { prazoAvisoDias })
      expect(response.status, String(prazoAvisoDias)).toBe(400)
      const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } }
      expect(body.error.code).toBe('validation')
      expect(body.error.fields.prazoAvisoDias).toBe(AGENDA_MESSAGES.avisoDiasRange)
    }
    expect((await api.send('PATCH', '/settings', {})).status).toBe(400)
    expect(await storedSetting()).toBe(2)
  })

  it('a sócio changes it (audited); the next prazo warns that many business days before', async () => {
    const response = await api.send('PATCH', '/settings', { prazoAvisoDias: 5 })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ prazoAvisoDias: 5, editable: true })
    expect(await storedSetting()).toBe(5)
    expect(await settings(associado)).toEqual({ prazoAvisoDias: 5, editable: false })
    const audit = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.officeId, officeId), eq(auditLog.action, 'agenda.settings')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      entity: 'office',
      entityId: officeId,
      details: { prazoAvisoDias: { de: 2, para: 5 } },
    })

    // No court: national holidays only.
    const expected = calcularPrazo({ disponibilizacao: '2030-03-01', dias: 15 })
    const avisoEm = addBusinessDays(expected.vencimento, -5)
    expect(avisoEm).not.toBe(addBusinessDays(expected.vencimento, -2))
    const calc = await api.send('POST', '/prazos/calcular', { disponibilizacao: '2030-03-01', dias: 15 })
    expect((await calc.json()) as PrazoCalcResult).toMatchObject({ avisoEm, avisoDias: 5 })
    const created = await api.send('POST', '/prazos', {
      disponibilizacao: '2030-03-01',
      dias: 15,
      titulo: 'Réplica',
    })
    expect(created.status).toBe(201)
    expect((await created.json()) as EventRow).toMatchObject({ data: expected.vencimento, avisoEm })

    // 0: the warning is the due day itself.
    expect((await api.send('PATCH', '/settings', { prazoAvisoDias: 0 })).status).toBe(200)
    const onTheDay = await api.send('POST', '/prazos', {
      disponibilizacao: '2030-03-01',
      dias: 15,
      titulo: 'Contrarrazões',
    })
    expect((await onTheDay.json()) as EventRow).toMatchObject({ avisoEm: expected.vencimento })
  })

  it('is per office: another office keeps its own', async () => {
    expect(await settings(outsider)).toEqual({ prazoAvisoDias: 2, editable: true })
  })
})
