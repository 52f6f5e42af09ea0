import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.server'
import { buildDeps } from '../../server/build-deps.server'
import { loadEnv } from '../../platform/env.server'
import type { AppDeps } from '../../platform/app-env.server'
import { createMemoryMailer, createTestDatabase, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { blockUser, unblockUser } from './admin-moderation.service.server'

// Blocking ends the user's sessions on EVERY node (issue 14): two app nodes share one database, each with
// its own session cache; a block written through one is refused by the other on the very next request
// (the sessions rows' delete trigger NOTIFYs every node, decision 009).

let nodeA: TestApp
let nodeB: TestApp
let depsA: AppDeps
let depsB: AppDeps
let close: () => Promise<void>

const SECRET = 'test-secret-test-secret-test-secret-0123'

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

beforeAll(async () => {
  const { handle, drop } = await createTestDatabase()
  close = drop
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `jc-test-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  })
  const mailer = createMemoryMailer()
  depsA = buildDeps(env, handle, SECRET, mailer)
  depsB = buildDeps(env, handle, SECRET, mailer)
  nodeA = { app: createApp(depsA), handle, env, mailer, close: drop }
  nodeB = { app: createApp(depsB), handle, env, mailer, close: drop }
  await waitFor(() => depsA.sessionCache.changes.live && depsB.sessionCache.changes.live)
})
afterAll(() => close())

const me = (node: TestApp, cookie: string) => node.app.request('/api/me', { headers: { cookie } })
const signIn = (node: TestApp, email: string) =>
  node.app.request('/api/auth/sign-in/email', jsonRequest('POST', { email, password: 'senha-segura-123' }))
const noAudit = async () => {}

describe('blocking on several nodes', () => {
  it('ends the sessions cached on every node and refuses sign-in on any of them', async () => {
    const data = lawyerSignUp()
    const { cookie } = await signUp(nodeA, data)
    const onB = cookieFrom(await signIn(nodeB, data.email))
    const userId = ((await (await me(nodeA, cookie)).json()) as { user: { id: string } }).user.id
    // Both sessions resolved on both nodes, so both caches hold them.
    for (const node of [nodeA, nodeB])
      for (const session of [cookie, onB]) expect((await me(node, session)).status).toBe(200)

    const ended = await blockUser(nodeA.handle.db, nodeA.env, 'actor', userId, 'Spam', noAudit)
    expect(ended).toBe(2)
    await depsA.sessionCache.changes.sync()
    await depsB.sessionCache.changes.sync()
    for (const node of [nodeA, nodeB])
      for (const session of [cookie, onB]) expect((await me(node, session)).status).toBe(401)
    expect((await signIn(nodeB, data.email)).status).toBe(403)

    await unblockUser(nodeA.handle.db, 'actor', userId, noAudit)
    expect((await signIn(nodeB, data.email)).status).toBe(200)
  })
})
