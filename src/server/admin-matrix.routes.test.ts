import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userRoles } from '../features/auth/user-roles.table.server'
import { jsonRequest, lawyerSignUp, signUp } from '../test/accounts'
import { becomeMaster } from '../test/master'
import { createTestApp, type TestApp } from '../test/test-app'
import { createApiRoutes } from './app.server'

/**
 * THE generated access matrix of the platform administration (issue 14, spec §6: the admin panel is
 * superadmin only): every route the API app mounts under these prefixes, read from the app itself (as
 * office-matrix.routes.test.ts does for office routes), answers
 *   anonymous 401 · ordinary user 403 · admin that is not superadmin 403 · superadmin neither 401 nor 403.
 * A route added later under one of them without the superadmin check fails here, by name.
 */
const ADMIN_PREFIXES = [
  '/api/admin',
  '/api/platform-settings',
  '/api/platform-backup',
  '/api/network/moderation',
]
/** Open on purpose: the platform's name, maintenance and sign-ups switch, read by every visitor. */
const PUBLIC_EXCEPTIONS = new Set(['GET /api/platform-settings/public'])

const ANY_ID = '00000000-0000-4000-8000-000000000000'

interface Operation {
  method: string
  path: string
  key: string
}

function adminOperations(): Operation[] {
  const seen = new Set<string>()
  const ops: Operation[] = []
  for (const route of createApiRoutes().routes) {
    // Middleware (requireRole itself) is mounted as ALL: the matrix is about the endpoints behind it.
    if (route.method === 'ALL') continue
    const path = `/api${route.path}`.replace(/\/$/, '')
    if (!ADMIN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) continue
    const key = `${route.method} ${path}`
    if (seen.has(key) || PUBLIC_EXCEPTIONS.has(key)) continue
    seen.add(key)
    ops.push({ method: route.method, path, key })
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key))
}

/** Every path parameter (':id', ':userId', ':runId'…, with or without a pattern) gets a well-formed id. */
const fill = (path: string) => path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, ANY_ID)

const OPERATIONS = adminOperations()

let t: TestApp
const cookies = { user: '', admin: '', superadmin: '' }

async function userIdOf(cookie: string): Promise<string> {
  const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
  return me.user.id as string
}

beforeAll(async () => {
  const masterEmail = 'master-admin-matrix@example.com'
  t = await createTestApp({ MASTER_EMAIL: masterEmail })
  await signUp(t, lawyerSignUp({ email: masterEmail, nomeCompleto: 'Mestre da Matriz' }))
  // The master account becomes superadmin once a password is set through its mailbox (issue 24).
  cookies.superadmin = await becomeMaster(t, masterEmail)
  cookies.user = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Ulisses Usuário' }))).cookie
  cookies.admin = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Adriana Administradora' }))).cookie
  await t.handle.db.insert(userRoles).values({ userId: await userIdOf(cookies.admin), role: 'admin' })
  expect(
    (await (await t.app.request('/api/me', { headers: { cookie: cookies.superadmin } })).json()).role,
  ).toBe('superadmin')
}, 60_000)
afterAll(() => t.close())

const request = (op: Operation, cookie?: string) =>
  t.app.request(fill(op.path), jsonRequest(op.method, op.method === 'GET' ? undefined : {}, cookie))

describe('admin routes: the superadmin-only matrix, generated from the mounted app', () => {
  it('finds the administration routes (the enumeration itself works)', () => {
    const keys = OPERATIONS.map((op) => op.key)
    for (const known of [
      'GET /api/admin/stats',
      'GET /api/admin/logs',
      'GET /api/admin/backup',
      'GET /api/admin/moderation/summary',
      'GET /api/platform-settings',
      'PUT /api/platform-settings',
      'GET /api/network/moderation/reports',
    ])
      expect(keys).toContain(known)
    expect(keys).not.toContain('GET /api/platform-settings/public')
  })

  it.each(OPERATIONS.map((op) => [op.key, op] as const))(
    '%s: anonymous 401, user 403, admin 403, superadmin allowed',
    async (_key, op) => {
      expect((await request(op)).status).toBe(401)
      expect((await request(op, cookies.user)).status).toBe(403)
      expect((await request(op, cookies.admin)).status).toBe(403)
      const allowed = await request(op, cookies.superadmin)
      expect([401, 403]).not.toContain(allowed.status)
    },
  )
})
