import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'
import { log } from './log.server'

// Issue 7, security 3: a failed query carries its parameters (CPF, e-mail, address) in its message and
// PostgreSQL's `detail`; the log keeps class, code, constraint, table, route and request id — no values.

let t: TestApp
let cookie: string
let lines: string[]

const CLIENT = {
  nomeCompleto: 'Joaquina Sigilosa Pereira',
  email: 'joaquina.sigilosa@example.com',
  telefone: '(11) 98765-4321',
  documento: '529.982.247-25',
  tipoPessoa: 'fisica',
  endereco: 'Rua Secreta das Flores, 742',
  estadoId: 35,
  cidadeId: 3550308,
  cep: '01310-100',
}

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await signUp(t, lawyerSignUp({ email: 'dona.do.escritorio@example.com' }))).cookie
  // Every insert into clients fails the way a violated constraint does: the message names the constraint,
  // the detail carries the row's values, as "Failing row contains (…)" / "Key (documento)=(…)" do.
  await t.handle.db.execute(sql`
    create function jc_test_refuse_client() returns trigger language plpgsql as $$
    begin
      raise exception using
        errcode = '23514',
        message = 'new row for relation "clients" violates check constraint "jc_test_refused" ' || new.documento,
        detail = 'Key (documento)=(' || new.documento || ') Failing row contains (' || new.email || ', ' || new.endereco || ')',
        constraint = 'jc_test_refused',
        table = 'clients',
        column = 'documento';
    end $$`)
  await t.handle.db.execute(
    sql`create trigger jc_test_refuse_client before insert on clients for each row execute function jc_test_refuse_client()`,
  )
})
afterAll(() => t.close())

function captureLog() {
  lines = []
  log.setLevel('debug')
  const capture = (chunk: string | Uint8Array) => {
    lines.push(String(chunk))
    return true
  }
  vi.spyOn(process.stderr, 'write').mockImplementation(capture)
  vi.spyOn(process.stdout, 'write').mockImplementation(capture)
}
afterEach(() => {
  vi.restoreAllMocks()
  log.setLevel('silent')
})

describe('a failing insert carrying personal data', () => {
  it('answers 500 in pt-BR with the request id, and logs no CPF, e-mail, address nor parameter list', async () => {
    captureLog()
    const response = await t.app.request('/api/clients', jsonRequest('POST', CLIENT, cookie))
    vi.restoreAllMocks()
    expect(response.status).toBe(500)
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await response.json()).toEqual({
      error: { code: 'internal', message: 'Erro inesperado. Tente novamente mais tarde.' },
      requestId,
    })

    const output = lines.join('')
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.message === 'request failed')
    expect(failure).toMatchObject({ level: 'error', requestId, method: 'POST', route: '/api/clients' })
    // What may be logged: the class chain and pg's code, constraint, table and column names.
    expect(JSON.stringify(failure.error)).toContain('"code":"23514"')
    expect(JSON.stringify(failure.error)).toContain('"constraint":"jc_test_refused"')
    expect(JSON.stringify(failure.error)).toContain('"table":"clients"')

    for (const secret of [
      '52998224725',
      '529.982.247-25',
      'joaquina',
      'Joaquina',
      'example.com',
      'Rua Secreta',
      '01310',
      '98765',
      'Failed query',
      'params',
      'insert into',
      'Key (',
      'Failing row',
    ]) {
      expect(output, secret).not.toContain(secret)
    }
  })

  it('gives every response, success or error, its own X-Request-Id', async () => {
    const ok = await t.app.request('/api/health')
    const notFound = await t.app.request('/api/nao-existe')
    const unauthorized = await t.app.request('/api/clients')
    const ids = [ok, notFound, unauthorized].map((response) => response.headers.get('x-request-id'))
    expect([ok.status, notFound.status, unauthorized.status]).toEqual([200, 404, 401])
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(ids).size).toBe(3)
    // A client-chosen id is not taken over: the log line must be ours alone.
    const forged = await t.app.request('/api/health', {
      headers: { 'x-request-id': 'escolhido-pelo-cliente' },
    })
    expect(forged.headers.get('x-request-id')).not.toBe('escolhido-pelo-cliente')
  })
})

describe('the logger itself', () => {
  it('writes an error as class, codes and code locations, never its message or detail', () => {
    captureLog()
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      name: 'error',
      code: '23505',
      constraint: 'clients_office_documento_key',
      table: 'clients',
      detail: 'Key (office_id, documento)=(1, 52998224725) already exists.',
    })
    const drizzleError = new Error(
      'Failed query: insert into "clients" ("email", "documento") values ($1, $2)\nparams: ana@example.com,52998224725',
      { cause: pgError },
    )
    log.error('request failed', { error: drizzleError, note: 'cliente ana@example.com, CPF 529.982.247-25' })
    log.fromLibrary('better-auth', 'error', 'failed for user bia@example.com', [
      { email: 'bia@example.com', password: 'x' },
      drizzleError,
    ])
    vi.restoreAllMocks()
    const output = lines.join('')
    expect(output).toContain('"code":"23505"')
    expect(output).toContain('"constraint":"clients_office_documento_key"')
    expect(output).toContain('[redigido]')
    for (const secret of [
      '52998224725',
      '529.982.247-25',
      '@example.com',
      'params',
      'Failed query',
      'Key (',
    ]) {
      expect(output, secret).not.toContain(secret)
    }
  })
})
