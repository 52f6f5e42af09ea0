import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activePortalClient, portalOffice } from '../features/portal/portal.fixtures'
import { jsonRequest } from '../test/accounts'
import { createTestApp, type TestApp } from '../test/test-app'
import { BY_PREFIX, isOfficeRoute, mountedOperations, type Operation } from './office-routes.testing'

/**
 * Issue 26, generated: a client of the portal reaches NO office API. Every office route the API mounts (the
 * same classification as the matrix test) is called with a portal client's session, with the ids of the very
 * office that invited them (its client — the client themself — its case, …) in the path: each must answer
 * 403 (no membership) or 404, never 2xx, never 5xx.
 */

let t: TestApp
let client: Awaited<ReturnType<typeof activePortalClient>>
/** The inviting office's own rows, by route prefix. */
const ownIds: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  const lawyer = await portalOffice(t)
  client = await activePortalClient(t, lawyer.cookie, 'Clara Cliente')
  ownIds['/api/clients'] = client.clientId
  ownIds['/api/portal-office'] = client.clientId
  ownIds['/api/cases'] = client.caseId
})
afterAll(() => t.close())

function fillOwn(op: Operation): string {
  const prefix = BY_PREFIX.find(([p]) => op.path.startsWith(`${p}/`))?.[0] ?? ''
  const id = ownIds[prefix] ?? client.clientId
  return op.path
    .replace(/:(id|clientId|caseId)\b/g, id)
    .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000')
}

describe('a portal client against every office route (generated)', () => {
  const officeOps = mountedOperations().filter(isOfficeRoute)

  it('finds the office routes, the portal office side included', () => {
    expect(officeOps.length).toBeGreaterThan(100)
    expect(officeOps.map((op) => op.key)).toContain('GET /api/portal-office/clients/:clientId/access')
  })

  it("answers 403 or 404 to every one, with the inviting office's own ids in the path", async () => {
    const open: string[] = []
    for (const op of officeOps) {
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {}
      const response = await t.app.request(fillOwn(op), jsonRequest(op.method, body, client.cookie))
      if (response.status !== 403 && response.status !== 404) open.push(`${op.key} → ${response.status}`)
    }
    expect(open).toEqual([])
  })

  it('while the same session reaches its own portal', async () => {
    const home = await t.app.request(
      `/api/portal/o/${client.officeId}/home`,
      jsonRequest('GET', undefined, client.cookie),
    )
    expect(home.status).toBe(200)
  })
})
