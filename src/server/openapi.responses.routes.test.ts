import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { eventListSchema } from '../features/agenda/agenda.answers.schema'
import { agendaClient } from '../features/agenda/agenda.fixtures'
import { caseListSchema } from '../features/cases/cases.schema'
import { clientListSchema } from '../features/clients/clients.schema'
import { pdfBytes, upload } from '../features/documents/documents.fixtures'
import { documentListSchema } from '../features/documents/documents.schema'
import { createEntry, newCase } from '../features/financial/financial.fixtures'
import { financialEntryListSchema } from '../features/financial/financial.schema'
import { account, entitySignUp, publishJob } from '../features/jobs/jobs.fixtures'
import { jobListSchema } from '../features/jobs/jobs.schema'
import { teamOverviewSchema } from '../features/team/team.schema'
import { jsonRequest, signUp } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'

// The main lists declare their answer as a strict zod schema (issue 23): the OpenAPI document shows it and the
// browser's types derive from it. Here the REAL answer of each list, with one full row of every kind, must parse
// strictly — a key the server adds or drops without the schema (or the other way round) fails by name.

interface ListCase {
  operation: string
  path: string
  schema: z.ZodType
  /** The array of rows inside the answer. */
  rows: string
  entity?: true
}

const LISTS: ListCase[] = [
  { operation: 'GET /api/clients', path: '/api/clients', schema: clientListSchema, rows: 'items' },
  { operation: 'GET /api/cases', path: '/api/cases', schema: caseListSchema, rows: 'items' },
  { operation: 'GET /api/documents', path: '/api/documents', schema: documentListSchema, rows: 'items' },
  { operation: 'GET /api/agenda/events', path: '/api/agenda/events', schema: eventListSchema, rows: 'items' },
  {
    operation: 'GET /api/financial/entries',
    path: '/api/financial/entries',
    schema: financialEntryListSchema,
    rows: 'items',
  },
  { operation: 'GET /api/jobs', path: '/api/jobs', schema: jobListSchema, rows: 'items', entity: true },
  { operation: 'GET /api/team', path: '/api/team', schema: teamOverviewSchema, rows: 'members' },
]

let t: TestApp
let lawyerCookie: string
let entityCookie: string
const answers = new Map<string, Record<string, unknown>>()

beforeAll(async () => {
  t = await createTestApp()
  lawyerCookie = (await signUp(t)).cookie
  entityCookie = (await account(t, entitySignUp('Escritório Alfa'))).cookie

  // One row of each kind, with its optional links filled, so no nullable branch hides an unexpected key.
  const created = await t.app.request(
    '/api/clients',
    jsonRequest(
      'POST',
      { nomeCompleto: 'João da Silva', email: 'joao@example.com', telefone: '(11) 98765-4321' },
      lawyerCookie,
    ),
  )
  expect(created.status).toBe(201)
  const clientId = ((await created.json()) as { id: string }).id
  const caseId = await newCase(t, lawyerCookie, clientId)
  await upload(t, lawyerCookie, pdfBytes(), { name: 'contrato.pdf', clientId, caseId, etiquetas: 'urgente' })
  const agenda = agendaClient(t, lawyerCookie)
  await agenda.create({ caseId, clientId, local: 'Fórum João Mendes', lembreteMinutos: 60 })
  const prazo = await agenda.send('POST', '/prazos', {
    disponibilizacao: '2030-07-01',
    dias: 15,
    titulo: 'Contestação',
    caseId,
  })
  expect(prazo.status).toBe(201)
  await createEntry(t, lawyerCookie, { clientId, caseId, formaPagamento: 'pix' })
  await publishJob(t, entityCookie)

  for (const list of LISTS) {
    const response = await t.app.request(list.path, {
      headers: { cookie: list.entity ? entityCookie : lawyerCookie },
    })
    expect(response.status, list.operation).toBe(200)
    answers.set(list.operation, (await response.json()) as Record<string, unknown>)
  }
}, 120_000)
afterAll(() => t.close())

function rowsOf(list: ListCase): Record<string, unknown>[] {
  return (answers.get(list.operation)?.[list.rows] ?? []) as Record<string, unknown>[]
}

describe('the main lists answer exactly their declared schema', () => {
  it('covers the optional parts of a row: a prazo with its trail, linked client and case', () => {
    const events = (answers.get('GET /api/agenda/events')?.items ?? []) as Record<string, unknown>[]
    expect(events.some((event) => event.prazo !== null && event.caso !== null)).toBe(true)
    expect(events.some((event) => event.cliente !== null && event.lembreteMinutos === 60)).toBe(true)
  })

  it.each(LISTS)('$operation parses strictly, rows included', (list) => {
    expect(rowsOf(list).length, list.operation).toBeGreaterThan(0)
    const parsed = list.schema.safeParse(answers.get(list.operation))
    expect(parsed.error?.issues ?? [], list.operation).toEqual([])
  })

  it.each(LISTS)('$operation: a row with a key more or less fails (the schema is strict)', (list) => {
    const answer = answers.get(list.operation) ?? {}
    const [row = {}] = rowsOf(list)
    const withExtra = { ...answer, [list.rows]: [{ ...row, surprise: 1 }] }
    expect(list.schema.safeParse(withExtra).success).toBe(false)
    const { id: _id, ...withoutId } = row
    expect(list.schema.safeParse({ ...answer, [list.rows]: [withoutId] }).success).toBe(false)
  })
})

describe('GET /api/openapi.json', () => {
  interface JsonSchema {
    properties?: Record<string, JsonSchema>
    items?: JsonSchema
    additionalProperties?: unknown
  }
  let paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
  beforeAll(async () => {
    const response = await t.app.request('/api/openapi.json')
    expect(response.status).toBe(200)
    paths = ((await response.json()) as { paths: typeof paths }).paths
  })

  it.each(LISTS)('$operation documents its 200 answer with the schema', (list) => {
    const [method = '', path = ''] = list.operation.split(' ')
    const ok = paths[path]?.[method.toLowerCase()]?.responses['200'] as
      { content?: Record<string, { schema?: JsonSchema }> } | undefined
    const schema = ok?.content?.['application/json']?.schema
    expect(schema, list.operation).toBeDefined()
    expect(schema?.additionalProperties, list.operation).toBe(false)
    // The rows' own keys are documented, the same ones the real answer carries.
    const rowKeys = Object.keys(schema?.properties?.[list.rows]?.items?.properties ?? {}).sort()
    expect(rowKeys, list.operation).toEqual(Object.keys(rowsOf(list)[0] ?? {}).sort())
  })
})
