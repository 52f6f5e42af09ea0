import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '../../db/client.server'
import { runMigrations } from '../../db/migrate.server'
import { loadEnv } from '../../platform/env.server'
import { createApp } from '../../server/app.server'
import { buildDeps } from '../../server/build-deps.server'
import { cookieFrom, lawyerSignUp } from '../../test/accounts'
import { createMemoryMailer } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import { seedReferenceData } from '../reference/reference.seed.server'
import type { NotificationRow } from './notifications.schema'
import { createNotification } from './notifications.service.server'
import { readEvents, type EventReader } from './sse.testing'

// Real HTTP servers (@hono/node-server, as in production). On PostgreSQL two nodes — two apps, two pools, two
// LISTEN connections — share one database: a notification created through node A reaches a stream opened on
// node B. PGlite is embedded (one process), so there the same flow runs on one node.

const PUBLIC_URL = 'http://localhost:3000'
const cleanups: (() => Promise<void>)[] = []
const streams: EventReader[] = []

interface Node {
  base: string
  handle: DbHandle
}

async function startNode(handle: DbHandle): Promise<Node> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `jc-notif-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
  })
  const deps = buildDeps(env, handle, 'test-secret-test-secret-test-secret-0123', createMemoryMailer())
  const app = createApp(deps)
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started),
    )
  })
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
        server.close(() => resolve())
      }),
  )
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, handle }
}

/** Two handles on one throwaway PostgreSQL database, or one PGlite handle. */
async function openHandles(): Promise<DbHandle[]> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true })
    cleanups.push(() => handle.close())
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    return [handle]
  }
  const name = `jc_notif_${Date.now()}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handles = [
    await openDatabase({ databaseUrl: url.toString() }),
    await openDatabase({ databaseUrl: url.toString() }),
  ]
  cleanups.push(async () => {
    const drop = new pg.Client({ connectionString: serverUrl })
    await drop.connect()
    await drop.query(`drop database if exists ${name} with (force)`)
    await drop.end()
  })
  for (const handle of handles) cleanups.push(() => handle.close())
  await runMigrations(handles[0]!)
  await seedReferenceData(handles[0]!.db)
  return handles
}

let nodeA: Node
let nodeB: Node

beforeAll(async () => {
  const handles = await openHandles()
  nodeA = await startNode(handles[0]!)
  nodeB = handles[1] ? await startNode(handles[1]) : nodeA
})
afterAll(async () => {
  for (const stream of streams) await stream.close()
  // Servers first, then handles, then the database (registered in the opposite order).
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
})

async function signUpOn(node: Node) {
  const data = lawyerSignUp()
  const response = await fetch(`${node.base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify(data),
  })
  expect(response.status).toBe(201)
  const [user] = await node.handle.db.select({ id: users.id }).from(users).where(eq(users.email, data.email))
  return { cookie: cookieFrom(response), id: user!.id }
}

async function openStream(node: Node, cookie: string) {
  const response = await fetch(`${node.base}/api/notifications/stream`, { headers: { cookie } })
  expect(response.status).toBe(200)
  const reader = readEvents(response.body!)
  streams.push(reader)
  await reader.next((event) => event.event === 'ready')
  return reader
}

describe('notifications across nodes', () => {
  it('runs two nodes on PostgreSQL (one on PGlite)', async () => {
    expect(nodeA.handle.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
    if (nodeA.handle.kind === 'postgres') expect(nodeB.base).not.toBe(nodeA.base)
  })

  it('a notification created through node A reaches a stream on node B within 2 s', async () => {
    const ana = await signUpOn(nodeA)
    const bruno = await signUpOn(nodeB)
    const anaOnB = await openStream(nodeB, ana.cookie)
    const brunoOnB = await openStream(nodeB, bruno.cookie)

    const started = performance.now()
    const created = (await createNotification(nodeA.handle.db, {
      userId: ana.id,
      title: 'Prazo amanhã',
      message: 'Contestação vence amanhã.',
      type: 'warning',
    }))!
    const event = await anaOnB.next((e) => e.event === 'created', 2_000)
    expect(event.at - started).toBeLessThan(2_000)
    expect((JSON.parse(event.data) as { notification: NotificationRow }).notification).toEqual(created)

    // Read-all through node A's API clears the count on node B's stream (the user's other tab).
    const readAll = await fetch(`${nodeA.base}/api/notifications/read-all`, {
      method: 'POST',
      headers: { cookie: ana.cookie, origin: PUBLIC_URL },
    })
    expect(readAll.status).toBe(200)
    expect(JSON.parse((await anaOnB.next((e) => e.event === 'read-all', 2_000)).data)).toEqual({ unread: 0 })

    // Bruno's stream on the same node saw none of it.
    const own = (await createNotification(nodeA.handle.db, {
      userId: bruno.id,
      title: 'Do Bruno',
      message: 'Só dele.',
      type: 'info',
    }))!
    await brunoOnB.next((e) => e.event === 'created' && e.data.includes(own.id), 2_000)
    expect(brunoOnB.events.map((e) => e.event)).toEqual(['ready', 'created'])
    expect(brunoOnB.events.map((e) => e.data).join('\n')).not.toContain(created.id)
  })

  it('signing out through node A ends that session’s stream on node B within 2 s (issue 24)', async () => {
    const carla = await signUpOn(nodeA)
    const onB = await openStream(nodeB, carla.cookie)
    const started = performance.now()
    const signOut = await fetch(`${nodeA.base}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: carla.cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(signOut.status).toBe(200)
    await expect(onB.next(() => false, 2_000)).rejects.toThrow('the stream ended')
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
