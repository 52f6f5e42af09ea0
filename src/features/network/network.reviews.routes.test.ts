import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { profiles } from '../profiles/profiles.table.server'
import { account, call, entity, lawyer, MASTER, student, superadmin, type Account } from './network.fixtures'
import type { ContentReportItem, ReviewPage } from './network.schema'
import { reviews } from './network.table.server'

let t: TestApp
let ana: Account
let bruno: Account
let carla: Account
let admin: Account
let anaSlug: string

const reviewsOf = (key: string, cookie?: string) =>
  t.app.request(`/api/network/lawyers/${key}/reviews`, { headers: cookie ? { cookie } : {} })

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  admin = await superadmin(t)
  ana = await lawyer(t, 'Ana Avaliada')
  bruno = await lawyer(t, 'Bruno Avaliador')
  carla = await student(t)
  const [row] = await t.handle.db
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(eq(profiles.userId, ana.id))
  anaSlug = row?.slug ?? ''
})

afterAll(async () => {
  await t.close()
})

describe('reviews', () => {
  it('asks for a session to write, and lists anonymously without e-mails or phones', async () => {
    expect(
      (await call(t, 'PUT', `/api/network/lawyers/${ana.id}/reviews`, { rating: 5, texto: 'x' })).status,
    ).toBe(401)
    const response = await reviewsOf(anaSlug)
    expect(response.status).toBe(200)
    const page = (await response.json()) as ReviewPage
    expect(page).toMatchObject({ count: 0, average: null, items: [], canReview: false })
  })

  it('keeps one review per reviewer: a second submit edits it', async () => {
    const first = await call(
      t,
      'PUT',
      `/api/network/lawyers/${anaSlug}/reviews`,
      { rating: 4, texto: 'Muito atenciosa.' },
      bruno.cookie,
    )
    expect(first.status).toBe(201)
    const second = await call(
      t,
      'PUT',
      `/api/network/lawyers/${ana.id}/reviews`,
      { rating: 2, texto: 'Mudei de ideia.' },
      bruno.cookie,
    )
    expect(second.status).toBe(200)
    const rows = await t.handle.db.select().from(reviews).where(eq(reviews.lawyerUserId, ana.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ rating: 2, texto: 'Mudei de ideia.', reviewerUserId: bruno.id })

    const page = (await (await reviewsOf(anaSlug, bruno.cookie)).json()) as ReviewPage
    expect(page).toMatchObject({ count: 1, average: 2, canReview: true, mine: { rating: 2 } })
    expect(page.items[0]).toMatchObject({ reviewerName: 'Bruno Avaliador', mine: true })
    const text = JSON.stringify(page)
    expect(text).not.toContain('@')
    expect(text).not.toContain(bruno.id)
  })

  it('refuses a self-review (403) and ratings out of 1..5 (400, nothing written)', async () => {
    const self = await call(
      t,
      'PUT',
      `/api/network/lawyers/${ana.id}/reviews`,
      { rating: 5, texto: 'Sou ótima.' },
      ana.cookie,
    )
    expect(self.status).toBe(403)
    expect((await self.json()).error.message).toBe('Você não pode avaliar o seu próprio perfil.')
    for (const rating of [0, 6, 3.5]) {
      const bad = await call(
        t,
        'PUT',
        `/api/network/lawyers/${ana.id}/reviews`,
        { rating, texto: 'Ok' },
        carla.cookie,
      )
      expect(bad.status).toBe(400)
      expect((await bad.json()).error.fields.rating).toBe('Escolha uma nota de 1 a 5.')
    }
    const empty = await call(
      t,
      'PUT',
      `/api/network/lawyers/${ana.id}/reviews`,
      { rating: 3, texto: '  ' },
      carla.cookie,
    )
    expect(empty.status).toBe(400)
    const rows = await t.handle.db.select().from(reviews).where(eq(reviews.lawyerUserId, ana.id))
    expect(rows).toHaveLength(1)
  })

  it('reviews only public lawyers (a private profile or a student is 404)', async () => {
    expect(
      (
        await call(
          t,
          'PUT',
          `/api/network/lawyers/${carla.id}/reviews`,
          { rating: 5, texto: 'Oi' },
          bruno.cookie,
        )
      ).status,
    ).toBe(404)
    const dora = await lawyer(t, 'Dora Discreta')
    await t.handle.db.update(profiles).set({ perfilPublico: false }).where(eq(profiles.userId, dora.id))
    expect(
      (
        await call(
          t,
          'PUT',
          `/api/network/lawyers/${dora.id}/reviews`,
          { rating: 5, texto: 'Oi' },
          bruno.cookie,
        )
      ).status,
    ).toBe(404)
    expect((await reviewsOf(dora.id)).status).toBe(404)
  })

  it('averages the visible reviews and pages them', async () => {
    const eve = await account(t)
    await call(
      t,
      'PUT',
      `/api/network/lawyers/${ana.id}/reviews`,
      { rating: 5, texto: 'Excelente.' },
      carla.cookie,
    )
    await call(
      t,
      'PUT',
      `/api/network/lawyers/${ana.id}/reviews`,
      { rating: 5, texto: 'Recomendo.' },
      eve.cookie,
    )
    const page = (await (
      await t.app.request(`/api/network/lawyers/${ana.id}/reviews?limit=2&offset=0`)
    ).json()) as ReviewPage
    expect(page).toMatchObject({ count: 3, total: 3, average: 4 })
    expect(page.items).toHaveLength(2)
    const rest = (await (
      await t.app.request(`/api/network/lawyers/${ana.id}/reviews?limit=2&offset=2`)
    ).json()) as ReviewPage
    expect(rest.items).toHaveLength(1)
  })
})

describe('reports and moderation', () => {
  let reviewId: string

  beforeAll(async () => {
    const [row] = await t.handle.db.select().from(reviews).where(eq(reviews.reviewerUserId, bruno.id))
    reviewId = row?.id ?? ''
  })

  it('files one open report per reporter per target', async () => {
    const body = { targetType: 'review', targetId: reviewId, motivo: 'Linguagem ofensiva.' }
    const first = await call(t, 'POST', '/api/network/reports', body, ana.cookie)
    expect(first.status).toBe(201)
    const again = await call(t, 'POST', '/api/network/reports', body, ana.cookie)
    expect(again.status).toBe(200)
    expect((await again.json()).created).toBe(false)
    expect((await first.json()).id).toBeTruthy()
    const other = await call(t, 'POST', '/api/network/reports', { ...body, motivo: 'Falso.' }, carla.cookie)
    expect(other.status).toBe(201)
  })

  it('validates reports: a session, a known target, a reason, not one’s own content', async () => {
    expect(
      (
        await call(t, 'POST', '/api/network/reports', {
          targetType: 'review',
          targetId: reviewId,
          motivo: 'x',
        })
      ).status,
    ).toBe(401)
    const missing = await call(
      t,
      'POST',
      '/api/network/reports',
      { targetType: 'review', targetId: crypto.randomUUID(), motivo: 'x' },
      ana.cookie,
    )
    expect(missing.status).toBe(404)
    const noReason = await call(
      t,
      'POST',
      '/api/network/reports',
      { targetType: 'profile', targetId: bruno.id, motivo: ' ' },
      ana.cookie,
    )
    expect(noReason.status).toBe(400)
    const badType = await call(
      t,
      'POST',
      '/api/network/reports',
      { targetType: 'user', targetId: bruno.id, motivo: 'x' },
      ana.cookie,
    )
    expect(badType.status).toBe(400)
    const own = await call(
      t,
      'POST',
      '/api/network/reports',
      { targetType: 'review', targetId: reviewId, motivo: 'x' },
      bruno.cookie,
    )
    expect(own.status).toBe(400)
    const profile = await call(
      t,
      'POST',
      '/api/network/reports',
      { targetType: 'profile', targetId: bruno.id, motivo: 'Perfil falso.' },
      ana.cookie,
    )
    expect(profile.status).toBe(201)
  })

  it('moderation is superadmin only', async () => {
    expect((await t.app.request('/api/network/moderation/reports')).status).toBe(401)
    expect(
      (await t.app.request('/api/network/moderation/reports', { headers: { cookie: ana.cookie } })).status,
    ).toBe(403)
    expect(
      (await t.app.request('/api/network/moderation/verifications', { headers: { cookie: bruno.cookie } }))
        .status,
    ).toBe(403)
  })

  it('hiding a reported review takes it out of the list, the average and the count', async () => {
    const list = await t.app.request('/api/network/moderation/reports', { headers: { cookie: admin.cookie } })
    expect(list.status).toBe(200)
    const { items, total } = (await list.json()) as { items: ContentReportItem[]; total: number }
    expect(total).toBe(3)
    const report = items.find((item) => item.targetType === 'review')
    expect(report?.target).toMatchObject({ detail: 'Mudei de ideia.', hidden: false })
    expect(items.find((item) => item.targetType === 'profile')?.target).toMatchObject({
      title: 'Bruno Avaliador',
    })
    const resolved = await call(
      t,
      'POST',
      `/api/network/moderation/reports/${report?.id}/resolve`,
      { decision: 'Ocultada por ofensa.', hide: true },
      admin.cookie,
    )
    expect(resolved.status).toBe(200)
    expect(await resolved.json()).toMatchObject({
      status: 'resolvida',
      decidedBy: admin.id,
      decision: 'Ocultada por ofensa.',
      target: { hidden: true },
    })

    const page = (await (await reviewsOf(ana.id)).json()) as ReviewPage
    expect(page).toMatchObject({ count: 2, average: 5 })
    expect(page.items.map((item) => item.id)).not.toContain(reviewId)
    // Both open reports on that review were resolved together; the profile report stays open.
    const after = (await (
      await t.app.request('/api/network/moderation/reports', { headers: { cookie: admin.cookie } })
    ).json()) as { total: number }
    expect(after.total).toBe(1)
    const twice = await call(
      t,
      'POST',
      `/api/network/moderation/reports/${report?.id}/resolve`,
      { decision: 'De novo.' },
      admin.cookie,
    )
    expect(twice.status).toBe(409)
    // A hidden review can't be reported again.
    const hidden = await call(
      t,
      'POST',
      '/api/network/reports',
      { targetType: 'review', targetId: reviewId, motivo: 'x' },
      carla.cookie,
    )
    expect(hidden.status).toBe(404)
  })

  it('entities review too, but a lawyer can never review themselves through the slug', async () => {
    const ent = await entity(t)
    expect(
      (
        await call(
          t,
          'PUT',
          `/api/network/lawyers/${anaSlug}/reviews`,
          { rating: 3, texto: 'Boa.' },
          ent.cookie,
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await call(
          t,
          'PUT',
          `/api/network/lawyers/${anaSlug}/reviews`,
          { rating: 3, texto: 'Boa.' },
          ana.cookie,
        )
      ).status,
    ).toBe(403)
  })
})
