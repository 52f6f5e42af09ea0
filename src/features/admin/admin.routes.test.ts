import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { withFailingAudit } from '../../test/failing-audit'
import { jsonRequest, lawyerSignUp, SAO_PAULO, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import { auditLog } from '../audit/audit.table.server'
import { users } from '../auth/auth.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import type { SignUpInput } from '../auth/auth.schema'
import type { AdminProfileItem } from './admin.schema'

const MASTER = 'master@example.com'

let t: TestApp
let master: { cookie: string; id: string }
let plain: { cookie: string; id: string }
let admin: { cookie: string; id: string }

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })

async function account(data: SignUpInput = lawyerSignUp()) {
  const { cookie } = await signUp(t, data)
  const me = await (await get('/api/me', cookie)).json()
  return { cookie, id: me.user.id as string }
}

const student = (nomeCompleto: string) => ({
  userType: 'estudante' as const,
  email: `est-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'senha-segura-123',
  confirmPassword: 'senha-segura-123',
  nomeCompleto,
  telefone: '(21) 99876-5432',
  ...SAO_PAULO,
  universidade: 'USP',
  periodoCurso: 3,
})

const entity = (nomeCompleto: string) => ({
  userType: 'entidade' as const,
  email: `ent-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'senha-segura-123',
  confirmPassword: 'senha-segura-123',
  nomeCompleto,
  telefone: '(31) 3333-4444',
  ...SAO_PAULO,
  nomeEntidade: 'Sindicato X',
  cnpj: '11.222.333/0001-81',
  tipoEntidade: 'sindicato' as const,
})

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  master = await account(lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }))
  // Superadmin only once a password is set through the master's mailbox (issue 24).
  master = { ...master, cookie: await becomeMaster(t, MASTER) }
  plain = await account(lawyerSignUp({ nomeCompleto: 'José Álvares' }))
  admin = await account(lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: admin.id, role: 'admin' })
  await account(student('Estela Estudante'))
  await account(entity('Entidade Sindical'))
})
afterAll(() => t.close())

const ROUTES: [string, string][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/profiles'],
  ['POST', '/api/admin/users/x/roles/admin'],
  ['DELETE', '/api/admin/users/x/roles/admin'],
]

describe('access (spec §6: the full admin panel is superadmin only)', () => {
  it.each(ROUTES)('%s %s: anonymous 401', async (method, path) => {
    expect((await t.app.request(path, jsonRequest(method))).status).toBe(401)
  })
  it.each(ROUTES)('%s %s: plain user 403', async (method, path) => {
    const response = await t.app.request(path, jsonRequest(method, undefined, plain.cookie))
    expect(response.status).toBe(403)
    expect((await response.json()).error).toMatchObject({ code: 'forbidden', message: 'Acesso negado.' })
  })
  it.each(ROUTES)('%s %s: admin (not super) 403', async (method, path) => {
    expect((await t.app.request(path, jsonRequest(method, undefined, admin.cookie))).status).toBe(403)
  })
  it('superadmin 200', async () => {
    expect((await get('/api/admin/stats', master.cookie)).status).toBe(200)
    expect((await get('/api/admin/profiles', master.cookie)).status).toBe(200)
  })
})

describe('GET /api/admin/stats', () => {
  it('counts profiles per type, admins and users active today', async () => {
    const stats = await (await get('/api/admin/stats', master.cookie)).json()
    expect(stats).toEqual({
      total: 5,
      advogados: 3,
      estudantes: 1,
      entidades: 1,
      admins: 2, // the master (superadmin) and Adelaide (admin)
      activeToday: 5, // everyone signed in at sign-up
    })
  })
})

describe('GET /api/admin/profiles', () => {
  it('lists newest first with role, e-mail and location', async () => {
    const { items, total } = await (await get('/api/admin/profiles', master.cookie)).json()
    expect(total).toBe(5)
    expect(items.map((item: AdminProfileItem) => item.nomeCompleto)).toEqual([
      'Entidade Sindical',
      'Estela Estudante',
      'Adelaide Admin',
      'José Álvares',
      'Mestre da Plataforma',
    ])
    const byName = Object.fromEntries(items.map((item: AdminProfileItem) => [item.nomeCompleto, item]))
    expect(byName['Mestre da Plataforma']).toMatchObject({
      role: 'superadmin',
      isMaster: true,
      email: MASTER,
    })
    expect(byName['Adelaide Admin']).toMatchObject({ role: 'admin', isMaster: false })
    expect(byName['José Álvares']).toMatchObject({ role: 'user', estado: 'SP', cidade: 'São Paulo' })
    expect(byName['Estela Estudante']).toMatchObject({
      userType: 'estudante',
      universidade: 'USP',
      periodoCurso: 3,
    })
  })

  it('searches names ignoring accents and case', async () => {
    const { items } = await (await get('/api/admin/profiles?search=jose%20alvares', master.cookie)).json()
    expect(items.map((item: AdminProfileItem) => item.nomeCompleto)).toEqual(['José Álvares'])
  })

  it('searches by type name too, and filters by type', async () => {
    const byText = await (await get('/api/admin/profiles?search=estud', master.cookie)).json()
    expect(byText.items.map((item: AdminProfileItem) => item.nomeCompleto)).toEqual(['Estela Estudante'])
    const byType = await (await get('/api/admin/profiles?type=advogado', master.cookie)).json()
    expect(byType.total).toBe(3)
    expect(byType.items.every((item: AdminProfileItem) => item.userType === 'advogado')).toBe(true)
  })

  it('searches the name only when asked to (Admin Users)', async () => {
    const { total } = await (await get('/api/admin/profiles?search=estud&by=name', master.cookie)).json()
    expect(total).toBe(1) // 'Estela Estudante' by name; the type alone would not match
    const none = await (await get('/api/admin/profiles?search=advogado&by=name', master.cookie)).json()
    expect(none.total).toBe(0)
  })

  it('lists only admins and superadmins when asked to', async () => {
    const { items } = await (await get('/api/admin/profiles?role=admin', master.cookie)).json()
    expect(items.map((item: AdminProfileItem) => item.nomeCompleto).sort()).toEqual([
      'Adelaide Admin',
      'Mestre da Plataforma',
    ])
  })

  it('takes % and _ in the search literally', async () => {
    const { total } = await (await get('/api/admin/profiles?search=%25', master.cookie)).json()
    expect(total).toBe(0)
  })

  it('pages with limit and offset and reports the full total', async () => {
    const first = await (await get('/api/admin/profiles?limit=2&offset=0', master.cookie)).json()
    const second = await (await get('/api/admin/profiles?limit=2&offset=2', master.cookie)).json()
    expect(first.total).toBe(5)
    expect(first.items).toHaveLength(2)
    expect(second.items).toHaveLength(2)
    expect(second.items[0].id).not.toBe(first.items[1].id)
  })

  it('rejects an invalid type or limit with 400', async () => {
    expect((await get('/api/admin/profiles?type=juiz', master.cookie)).status).toBe(400)
    expect((await get('/api/admin/profiles?limit=1000', master.cookie)).status).toBe(400)
  })
})

describe('granting and revoking the admin role', () => {
  it('grants admin to a user, who then sees the admin role (but still not the superadmin panel)', async () => {
    const target = await account()
    const grant = await t.app.request(
      `/api/admin/users/${target.id}/roles/admin`,
      jsonRequest('POST', undefined, master.cookie),
    )
    expect(grant.status).toBe(200)
    expect(await grant.json()).toEqual({ userId: target.id, role: 'admin' })
    expect((await (await get('/api/me', target.cookie)).json()).role).toBe('admin')
    expect((await get('/api/admin/stats', target.cookie)).status).toBe(403)

    // Granting twice is harmless.
    const again = await t.app.request(
      `/api/admin/users/${target.id}/roles/admin`,
      jsonRequest('POST', undefined, master.cookie),
    )
    expect(again.status).toBe(200)

    const revoke = await t.app.request(
      `/api/admin/users/${target.id}/roles/admin`,
      jsonRequest('DELETE', undefined, master.cookie),
    )
    expect(revoke.status).toBe(200)
    expect(await revoke.json()).toEqual({ userId: target.id, role: 'user' })
    expect((await (await get('/api/me', target.cookie)).json()).role).toBe('user')
  })

  it('answers 404 for an unknown user', async () => {
    for (const method of ['POST', 'DELETE']) {
      const response = await t.app.request(
        '/api/admin/users/nao-existe/roles/admin',
        jsonRequest(method, undefined, master.cookie),
      )
      expect(response.status).toBe(404)
    }
  })

  it('never demotes the caller nor the master account', async () => {
    const self = await t.app.request(
      `/api/admin/users/${master.id}/roles/admin`,
      jsonRequest('DELETE', undefined, master.cookie),
    )
    expect(self.status).toBe(403)
    expect((await self.json()).error.message).toBe(
      'Você não pode remover o seu próprio acesso de administrador.',
    )

    // A second superadmin can't demote the master either.
    const other = await account()
    // A superadmin row counts only on a confirmed address (the master account rule).
    await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, other.id))
    await t.handle.db.insert(userRoles).values({ userId: other.id, role: 'superadmin' })
    const masterDemotion = await t.app.request(
      `/api/admin/users/${master.id}/roles/admin`,
      jsonRequest('DELETE', undefined, other.cookie),
    )
    expect(masterDemotion.status).toBe(403)
    expect((await (await get('/api/me', master.cookie)).json()).role).toBe('superadmin')
  })

  it('a plain user cannot grant themselves admin', async () => {
    const response = await t.app.request(
      `/api/admin/users/${plain.id}/roles/admin`,
      jsonRequest('POST', undefined, plain.cookie),
    )
    expect(response.status).toBe(403)
    expect((await (await get('/api/me', plain.cookie)).json()).role).toBe('user')
  })
})

describe('audit of admin actions (office_id null)', () => {
  // A superadmin by role row (not the master account, whose promotion has rules of its own).
  let root: { cookie: string; id: string }
  beforeAll(async () => {
    // The role row goes in before this user's first request (nothing of theirs is cached yet).
    const { cookie, email } = await signUp(t, lawyerSignUp({ nomeCompleto: 'Raiz Superadmin' }))
    const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (!user) throw new Error('sign-up left no user')
    // A superadmin row counts only on a confirmed address (the master account rule).
    await t.handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
    await t.handle.db.insert(userRoles).values({ userId: user.id, role: 'superadmin' })
    root = { cookie, id: user.id }
  })
  const rowsOf = (action: string, entityId?: string) =>
    t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), entityId ? eq(auditLog.entityId, entityId) : undefined))
      .orderBy(auditLog.createdAt)

  it('writes admin.role_grant and admin.role_revoke rows (actor, target), none for a refused revoke', async () => {
    const target = await account()
    await t.app.request(
      `/api/admin/users/${target.id}/roles/admin`,
      jsonRequest('POST', undefined, root.cookie),
    )
    await t.app.request(
      `/api/admin/users/${target.id}/roles/admin`,
      jsonRequest('POST', undefined, root.cookie),
    )
    const grants = await rowsOf('admin.role_grant', target.id)
    expect(grants.map((row) => row.details)).toEqual([{ alreadyAdmin: false }, { alreadyAdmin: true }])
    expect(grants[0]).toMatchObject({ officeId: null, actorUserId: root.id, entity: 'user' })

    const revoke = await t.app.request(
      `/api/admin/users/${target.id}/roles/admin`,
      jsonRequest('DELETE', undefined, root.cookie),
    )
    expect(revoke.status).toBe(200)
    const revokes = await rowsOf('admin.role_revoke', target.id)
    expect(revokes).toHaveLength(1)
    expect(revokes[0]).toMatchObject({
      officeId: null,
      actorUserId: root.id,
      details: { removed: ['admin'] },
    })

    // A refused revoke (the caller themselves) changes nothing and writes nothing.
    await t.app.request(
      `/api/admin/users/${root.id}/roles/admin`,
      jsonRequest('DELETE', undefined, root.cookie),
    )
    expect(await rowsOf('admin.role_revoke', root.id)).toHaveLength(0)
  })

  it('writes admin.profiles_list with the filters and the row count, never the rows', async () => {
    const before = (await rowsOf('admin.profiles_list')).length
    const response = await get('/api/admin/profiles?type=estudante&search=estela&limit=10', root.cookie)
    const page = (await response.json()) as { items: AdminProfileItem[]; total: number }
    expect(page.items.length).toBeGreaterThan(0)
    const rows = await rowsOf('admin.profiles_list')
    expect(rows).toHaveLength(before + 1)
    const last = rows[rows.length - 1]
    expect(last).toMatchObject({
      officeId: null,
      actorUserId: root.id,
      entity: 'profile',
      details: {
        filters: {
          search: 'estela',
          type: 'estudante',
          role: 'todos',
          by: 'name_or_type',
          limit: 10,
          offset: 0,
        },
        rowCount: page.items.length,
        total: page.total,
      },
    })
    expect(JSON.stringify(last?.details)).not.toContain('@example.com')
  })

  it('rolls a grant back when its audit row cannot be written (500 pt-BR, role unchanged)', async () => {
    const target = await account()
    await withFailingAudit(t.handle.db, ['admin.role_grant'], async () => {
      const response = await t.app.request(
        `/api/admin/users/${target.id}/roles/admin`,
        jsonRequest('POST', undefined, root.cookie),
      )
      expect(response.status).toBe(500)
      expect((await response.json()).error.message).toBe('Erro inesperado. Tente novamente mais tarde.')
      const roles = await t.handle.db.select().from(userRoles).where(eq(userRoles.userId, target.id))
      expect(roles.map((row) => row.role)).not.toContain('admin')
    })
  })
})
