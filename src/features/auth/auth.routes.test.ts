import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp, SAO_PAULO, signUp } from '../../test/accounts'
import { followConfirmationLink } from '../../test/confirm-email'
import { becomeMaster } from '../../test/master'
import { offices, officeMembers } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { userRoles } from './user-roles.table.server'
import { accounts, users } from './auth.table.server'
// Settings owns 2FA enrolment; its RFC 6238 helper computes the code an authenticator app would show.
import { totpFromUri } from '../settings/totp.testing'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: 'master@example.com' })
})
afterAll(() => t.close())

// Rate limits are per client address: every test talks from its own socket address so that limits hit in
// one test never leak into another (app.request has no socket unless we pass one).
let nextIp = 1
const newIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`
const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } })

function post(path: string, body: unknown, ip = newIp(), headers: Record<string, string> = {}) {
  const init = jsonRequest('POST', body)
  init.headers = { ...(init.headers as Record<string, string>), ...headers }
  return t.app.request(path, init, from(ip))
}

const studentSignUp = (overrides: Record<string, unknown> = {}) => ({
  ...lawyerSignUp(),
  userType: 'estudante' as const,
  oabNumero: undefined,
  oabEstado: undefined,
  nomeCompleto: 'Bia Estudante',
  universidade: 'Universidade de São Paulo',
  periodoCurso: 7,
  ...overrides,
})

const entitySignUp = (overrides: Record<string, unknown> = {}) => ({
  ...lawyerSignUp(),
  userType: 'entidade' as const,
  oabNumero: undefined,
  oabEstado: undefined,
  nomeCompleto: 'Carla Responsável',
  nomeEntidade: 'Sindicato dos Exemplos',
  cnpj: '12.ABC.345/01DE-35',
  tipoEntidade: 'sindicato',
  ...overrides,
})

async function userIdOf(email: string) {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function counts() {
  const db = t.handle.db
  const [[u], [a], [p], [r], [o], [m]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(accounts),
    db.select({ n: count() }).from(profiles),
    db.select({ n: count() }).from(userRoles),
    db.select({ n: count() }).from(offices),
    db.select({ n: count() }).from(officeMembers),
  ])
  return { users: u?.n, accounts: a?.n, profiles: p?.n, roles: r?.n, offices: o?.n, members: m?.n }
}

describe('POST /api/auth/sign-up', () => {
  it('creates a lawyer with profile, role user, credential, office and sócio membership, signed in at once', async () => {
    const data = lawyerSignUp({ nomeCompleto: 'Ana Souza', oabNumero: '12345a' })
    const response = await post('/api/auth/sign-up', data)
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({
      redirectTo: '/dashboard',
      emailConfirmationRequired: false,
      emailConfirmationSent: false,
    })
    const cookie = cookieFrom(response)
    expect(cookie).toMatch(/session_token=/)

    const id = await userIdOf(data.email)
    const [profile] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, id))
    expect(profile).toMatchObject({
      userType: 'advogado',
      nomeCompleto: 'Ana Souza',
      telefone: '(11) 98765-4321',
      estadoId: SAO_PAULO.estadoId,
      cidadeId: SAO_PAULO.cidadeId,
      oabNumero: '12345A',
      oabEstado: 'SP',
      universidade: null,
      nomeEntidade: null,
    })
    const roles = await t.handle.db.select().from(userRoles).where(eq(userRoles.userId, id))
    expect(roles.map((r) => r.role)).toEqual(['user'])
    const [account] = await t.handle.db.select().from(accounts).where(eq(accounts.userId, id))
    expect(account?.providerId).toBe('credential')
    expect(account?.password).not.toContain(data.password) // hashed
    const memberships = await t.handle.db
      .select({ nivel: officeMembers.nivelAcesso, nome: offices.nome })
      .from(officeMembers)
      .innerJoin(offices, eq(offices.id, officeMembers.officeId))
      .where(eq(officeMembers.userId, id))
    expect(memberships).toEqual([{ nivel: 'socio', nome: 'Escritório Ana Souza' }])

    const me = await t.app.request('/api/me', { headers: { cookie } })
    expect(me.status).toBe(200)
    expect((await me.json()).profileCreated).toBe(false)
  })

  it('creates a student with university and period, and no office', async () => {
    const data = studentSignUp()
    const response = await post('/api/auth/sign-up', data)
    expect(response.status).toBe(201)
    const id = await userIdOf(data.email)
    const [profile] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, id))
    expect(profile).toMatchObject({
      userType: 'estudante',
      nomeCompleto: 'Bia Estudante',
      universidade: 'Universidade de São Paulo',
      periodoCurso: 7,
      oabNumero: null,
      cnpj: null,
    })
    expect(await t.handle.db.select().from(officeMembers).where(eq(officeMembers.userId, id))).toEqual([])
  })

  it('creates an entity with name, normalized alphanumeric CNPJ and type, and no office', async () => {
    const data = entitySignUp()
    const response = await post('/api/auth/sign-up', data)
    expect(response.status).toBe(201)
    const id = await userIdOf(data.email)
    const [profile] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, id))
    expect(profile).toMatchObject({
      userType: 'entidade',
      nomeEntidade: 'Sindicato dos Exemplos',
      cnpj: '12ABC34501DE35',
      tipoEntidade: 'sindicato',
      oabNumero: null,
      periodoCurso: null,
    })
    expect(await t.handle.db.select().from(officeMembers).where(eq(officeMembers.userId, id))).toEqual([])
  })

  it('gives the MASTER_EMAIL account superadmin only after a reset through the mailbox', async () => {
    const response = await post('/api/auth/sign-up', lawyerSignUp({ email: 'Master@Example.com' }))
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ redirectTo: '/dashboard', emailConfirmationSent: true })
    const id = await userIdOf('master@example.com')
    const rolesOf = async () =>
      (await t.handle.db.select().from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.role).sort()
    expect(await rolesOf()).toEqual(['user'])
    await followConfirmationLink(t, 'master@example.com')
    expect(await rolesOf()).toEqual(['user'])
    await becomeMaster(t, 'master@example.com')
    expect(await rolesOf()).toEqual(['superadmin', 'user'])
  })

  const invalid: [string, Record<string, unknown>, string, string][] = [
    [
      'passwords differ',
      lawyerSignUp({ confirmPassword: 'outra-senha' }),
      'confirmPassword',
      'As senhas não coincidem.',
    ],
    [
      'short password',
      lawyerSignUp({ password: '12345', confirmPassword: '12345' }),
      'password',
      'A senha deve ter pelo menos 6 caracteres',
    ],
    ['bad e-mail', lawyerSignUp({ email: 'nao-e-email' }), 'email', 'Email inválido'],
    ['missing name', lawyerSignUp({ nomeCompleto: '  ' }), 'nomeCompleto', 'Nome completo é obrigatório'],
    ['bad phone', lawyerSignUp({ telefone: '(00) 1234-5678' }), 'telefone', 'Telefone inválido'],
    ['missing state', { ...lawyerSignUp(), estadoId: '' }, 'estadoId', 'Selecione um estado'],
    ['missing city', { ...lawyerSignUp(), cidadeId: '' }, 'cidadeId', 'Selecione uma cidade'],
    [
      'bad OAB number',
      lawyerSignUp({ oabNumero: 'abc' }),
      'oabNumero',
      'Número da OAB inválido (até 6 dígitos, letra opcional)',
    ],
    [
      'missing OAB state',
      { ...lawyerSignUp(), oabEstado: undefined },
      'oabEstado',
      'Selecione o estado da OAB',
    ],
    ['missing university', studentSignUp({ universidade: '' }), 'universidade', 'Universidade é obrigatório'],
    ['period 0', studentSignUp({ periodoCurso: 0 }), 'periodoCurso', 'Período entre 1 e 10'],
    ['period 11', studentSignUp({ periodoCurso: 11 }), 'periodoCurso', 'Período entre 1 e 10'],
    [
      'missing entity name',
      entitySignUp({ nomeEntidade: '' }),
      'nomeEntidade',
      'Nome da entidade é obrigatório',
    ],
    ['bad CNPJ', entitySignUp({ cnpj: '12.ABC.345/01DE-34' }), 'cnpj', 'CNPJ inválido'],
    [
      'bad entity type',
      entitySignUp({ tipoEntidade: 'clube' }),
      'tipoEntidade',
      'Selecione o tipo de entidade',
    ],
    ['no user type', { ...lawyerSignUp(), userType: 'juiz' }, 'userType', 'Selecione o tipo de usuário'],
  ]

  it.each(invalid)(
    'rejects %s with 400, the pt-BR message on the field, and writes nothing',
    async (_, body, field, message) => {
      const before = await counts()
      const response = await post('/api/auth/sign-up', body)
      expect(response.status).toBe(400)
      const json = await response.json()
      expect(json.error.code).toBe('validation')
      expect(json.error.fields[field]).toBe(message)
      expect(typeof json.error.message).toBe('string')
      expect(await counts()).toEqual(before)
    },
  )

  it('answers 409 for an e-mail already registered (any case) and leaves no half-made account', async () => {
    const data = lawyerSignUp()
    expect((await post('/api/auth/sign-up', data)).status).toBe(201)
    const before = await counts()
    const again = await post(
      '/api/auth/sign-up',
      studentSignUp({ email: data.email.toUpperCase(), nomeCompleto: 'Outra Pessoa' }),
    )
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      error: { code: 'duplicate_email', message: 'Usuário já cadastrado com este email' },
    })
    expect(again.headers.getSetCookie()).toEqual([])
    expect(await counts()).toEqual(before)
  })

  it('rejects a city of another state and writes nothing', async () => {
    const before = await counts()
    // Rio de Janeiro (33) with the city of São Paulo.
    const response = await post('/api/auth/sign-up', lawyerSignUp({ estadoId: 33 }))
    expect(response.status).toBe(400)
    expect((await response.json()).error.fields.cidadeId).toBe('A cidade não pertence ao estado escolhido.')
    expect(await counts()).toEqual(before)
  })

  it('answers 429 with a pt-BR JSON body after 5 sign-ups a minute from one address', async () => {
    const ip = newIp()
    for (let i = 0; i < 5; i++) {
      // Invalid bodies count too: the limit is on attempts, before validation.
      expect((await post('/api/auth/sign-up', { email: 'x' }, ip)).status).toBe(400)
    }
    const limited = await post('/api/auth/sign-up', lawyerSignUp(), ip)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({
      error: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
    })
    // Another address is not affected.
    expect((await post('/api/auth/sign-up', lawyerSignUp())).status).toBe(201)
  })
})

describe('POST /api/auth/sign-in/email', () => {
  let account: { email: string; password: string }
  beforeAll(async () => {
    const data = lawyerSignUp()
    await signUp(t, data)
    account = { email: data.email, password: data.password }
  })

  it('signs in with the right password and the session cookie opens /api/me', async () => {
    const response = await post('/api/auth/sign-in/email', account)
    expect(response.status).toBe(200)
    const cookie = cookieFrom(response)
    const me = await t.app.request('/api/me', { headers: { cookie } })
    expect((await me.json()).user.email).toBe(account.email)
  })

  it('accepts the e-mail in any case', async () => {
    const response = await post('/api/auth/sign-in/email', { ...account, email: account.email.toUpperCase() })
    expect(response.status).toBe(200)
  })

  it('answers the same for a wrong password and an unknown e-mail, in pt-BR', async () => {
    const wrong = await post('/api/auth/sign-in/email', { ...account, password: 'senha-errada' })
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'ninguem@example.com',
      password: 'senha-errada',
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const wrongBody = await wrong.json()
    expect(wrongBody).toEqual(await unknown.json())
    expect(wrongBody.error).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Email ou senha inválidos',
    })
    expect(wrong.headers.getSetCookie()).toEqual([])
  })

  it('answers 429 in pt-BR JSON after 10 tries a minute from one address, others unaffected', async () => {
    const ip = newIp()
    // Unknown addresses: five failures on ONE account would lock it first (issue 14's lockout).
    for (let i = 0; i < 10; i++) {
      const wrong = { email: `ninguem-${ip}-${i}@example.com`, password: 'errada' }
      expect((await post('/api/auth/sign-in/email', wrong, ip)).status).toBe(401)
    }
    // Even the right password is refused now: the limit counts attempts, not failures.
    const limited = await post('/api/auth/sign-in/email', account, ip)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toMatch(/application\/json/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = await limited.json()
    expect(body.error).toEqual({
      code: 'rate_limited',
      message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
    })
    expect((await post('/api/auth/sign-in/email', account)).status).toBe(200)
  })

  it('ignores X-Forwarded-For and a forged client-ip header without TRUST_PROXY', async () => {
    const ip = newIp()
    for (let i = 0; i < 10; i++) {
      const wrong = { email: `ninguem-${ip}-${i}@example.com`, password: 'errada' }
      const response = await post('/api/auth/sign-in/email', wrong, ip, {
        'x-forwarded-for': `192.168.0.${i}`,
        'x-jusconecta-client-ip': `172.16.0.${i}`,
      })
      expect(response.status).toBe(401)
    }
    const limited = await post('/api/auth/sign-in/email', account, ip, { 'x-forwarded-for': '192.168.9.9' })
    expect(limited.status).toBe(429)
  })

  it('never grants superadmin to a confirmed master account at sign-in (issue 24: only a reset does)', async () => {
    const data = lawyerSignUp({ email: 'master@example.com' })
    const [existing] = await t.handle.db.select().from(users).where(eq(users.email, data.email))
    if (!existing) await signUp(t, data)
    // Same password as lawyerSignUp's default; confirmed, no role: whoever knows the password gains nothing.
    const id = await userIdOf(data.email)
    await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, id))
    await t.handle.db.delete(userRoles).where(eq(userRoles.userId, id))
    const response = await post('/api/auth/sign-in/email', { email: data.email, password: data.password })
    expect(response.status).toBe(200)
    const me = await t.app.request('/api/me', { headers: { cookie: cookieFrom(response) } })
    expect((await me.json()).role).toBe('user')
  })

  it('signs out: the session stops working', async () => {
    const response = await post('/api/auth/sign-in/email', account)
    const cookie = cookieFrom(response)
    const out = await t.app.request(
      '/api/auth/sign-out',
      { ...jsonRequest('POST', {}, cookie) },
      from(newIp()),
    )
    expect(out.status).toBe(200)
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(401)
  })
})

describe('behind two proxies (TRUST_PROXY=2)', () => {
  let p: TestApp
  beforeAll(async () => {
    p = await createTestApp({ TRUST_PROXY: '2' })
  })
  afterAll(() => p.close())

  it('counts sign-in attempts per X-Forwarded-For client, not per proxy socket', async () => {
    const proxy = from('10.255.0.1')
    let n = 0
    const attempt = (client: string) =>
      p.app.request(
        '/api/auth/sign-in/email',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `${client}, 10.255.0.1` },
          // A new unknown address each time: five failures on one account would lock it first.
          body: JSON.stringify({ email: `ninguem${n++}@example.com`, password: 'errada' }),
        },
        proxy,
      )
    for (let i = 0; i < 10; i++) expect((await attempt('203.0.113.7')).status).toBe(401)
    expect((await attempt('203.0.113.7')).status).toBe(429)
    expect((await attempt('203.0.113.8')).status).toBe(401)
  })
})

describe('sign-in with two-factor on', () => {
  it('asks for the second factor, accepts a backup code once, and answers wrong codes in pt-BR', async () => {
    const data = lawyerSignUp()
    const { cookie } = await signUp(t, data)
    const enable = await t.app.request(
      '/api/auth/two-factor/enable',
      jsonRequest('POST', { password: data.password }, cookie),
    )
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] }
    const verified = await t.app.request(
      '/api/auth/two-factor/verify-totp',
      jsonRequest('POST', { code: totpFromUri(totpURI) }, cookie),
    )
    expect(verified.status).toBe(200)

    const signInStep = async () => {
      const response = await post('/api/auth/sign-in/email', { email: data.email, password: data.password })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ twoFactorRedirect: true })
      // No session yet: only the short-lived two-factor cookie.
      const challengeCookie = cookieFrom(response)
      expect((await t.app.request('/api/me', { headers: { cookie: challengeCookie } })).status).toBe(401)
      return challengeCookie
    }

    const challenge = await signInStep()
    const wrongTotp = await t.app.request(
      '/api/auth/two-factor/verify-totp',
      jsonRequest('POST', { code: '000000' }, challenge),
      from(newIp()),
    )
    expect(wrongTotp.status).toBe(401)
    expect((await wrongTotp.json()).error).toEqual({
      code: 'INVALID_CODE',
      message: 'Código inválido. Confira o código do aplicativo autenticador.',
    })

    const backup = backupCodes[0] ?? ''
    const withBackup = await t.app.request(
      '/api/auth/two-factor/verify-backup-code',
      jsonRequest('POST', { code: backup }, challenge),
      from(newIp()),
    )
    expect(withBackup.status).toBe(200)
    // What the browser would hold: the answer's cookies replace the earlier ones of the same name.
    const jar = new Map(
      [...challenge.split('; '), ...cookieFrom(withBackup).split('; ')].map((pair) => [
        pair.split('=')[0],
        pair,
      ]),
    )
    const session = [...jar.values()].filter((pair) => !pair.endsWith('=')).join('; ')
    expect((await t.app.request('/api/me', { headers: { cookie: session } })).status).toBe(200)

    // A backup code works once.
    const again = await t.app.request(
      '/api/auth/two-factor/verify-backup-code',
      jsonRequest('POST', { code: backup }, await signInStep()),
      from(newIp()),
    )
    expect(again.status).toBe(401)
    expect((await again.json()).error.message).toBe('Código de backup inválido.')
  })
})
