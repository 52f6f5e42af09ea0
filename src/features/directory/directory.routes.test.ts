import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { LawyerCardDto, LawyerSearchPage, PublicProfileDto, VisibilityDto } from './directory.schema'
import { seedDirectoryProfiles } from './directory.seed.server'

let t: TestApp
let ana: { cookie: string; email: string }
let anaSlug: string

const search = async (query: string) => {
  const response = await t.app.request(`/api/directory/lawyers?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as LawyerSearchPage
}

/** Every page of a search, following the cursor. */
async function searchAll(query: string): Promise<LawyerCardDto[]> {
  const items: LawyerCardDto[] = []
  let cursor: string | null = ''
  while (cursor !== null) {
    const page = await search(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    expect(page.items.length).toBeLessThanOrEqual(12)
    items.push(...page.items)
    cursor = page.nextCursor
  }
  return items
}

const db = () => t.handle.db

beforeAll(async () => {
  t = await createTestApp()
  ana = await signUp(
    t,
    lawyerSignUp({ nomeCompleto: 'Ânia Brandão Zuleika', oabNumero: '987654', oabEstado: 'RJ' }),
  )
  await seedDirectoryProfiles(db(), { count: 60, batchSize: 25 })
  const [row] = (
    await db().execute<{ slug: string }>(
      sql`select slug from profiles where nome_completo = 'Ânia Brandão Zuleika'`,
    )
  ).rows
  anaSlug = row!.slug
})
afterAll(() => t.close())

describe('GET /api/directory/lawyers', () => {
  it('lists only public lawyers, 12 a page, verified first, and never personal data', async () => {
    // Any signed-in /api request stamps presence, at most once a minute (the UPDATE's own condition).
    await t.app.request('/api/directory/me/visibility', jsonRequest('GET', undefined, ana.cookie))
    const seen = async () =>
      (
        await db().execute<{ at: string }>(
          sql`select last_seen_at::text as at from profiles where slug = ${anaSlug}`,
        )
      ).rows[0]!.at
    const stamped = await seen()
    expect(stamped).toBeTruthy()
    await t.app.request('/api/directory/me/visibility', jsonRequest('GET', undefined, ana.cookie))
    expect(await seen()).toBe(stamped)
    const all = await searchAll('')
    const { rows } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from profiles where perfil_publico and user_type = 'advogado'`,
    )
    expect(all.length).toBe(rows[0]!.n)
    expect(new Set(all.map((card) => card.id)).size).toBe(all.length)
    const firstUnverified = all.findIndex((card) => !card.verified)
    expect(all.slice(firstUnverified).every((card) => !card.verified)).toBe(true)
    const body = JSON.stringify(all)
    expect(body).not.toMatch(/@/)
    expect(body).not.toMatch(/telefone|email|98765-4321/i)
    const card = all.find((item) => item.slug === anaSlug)!
    expect(card).toMatchObject({
      name: 'Ânia Brandão Zuleika',
      oab: { number: '987654', uf: 'RJ', formatted: '987.654/RJ' },
      city: 'São Paulo',
      state: 'SP',
      verified: false,
      acceptsVideoCall: false,
      reviews: 0,
      rating: null,
    })
    expect(card.isOnline).toBe(true)
  })

  it('finds a name fragment without accents or case, and by OAB with or without the UF', async () => {
    expect((await search('q=ania%20brandao')).items.map((card) => card.slug)).toEqual([anaSlug])
    expect((await search('q=ZULEIK')).items.map((card) => card.slug)).toEqual([anaSlug])
    expect((await search('q=987654')).items.map((card) => card.slug)).toContain(anaSlug)
    expect((await search('q=987.654%2FRJ')).items.map((card) => card.slug)).toEqual([anaSlug])
    expect((await search('q=987654%2FSP')).items.map((card) => card.slug)).not.toContain(anaSlug)
    expect((await search('q=%25%25')).items).toEqual([])
    // Under 3 letters there is no trigram: the rank-order walk answers.
    const short = await search('q=zu')
    expect(short.items.map((card) => card.slug)).toContain(anaSlug)
    expect(short.items.every((card) => /zu/i.test(card.name.normalize('NFD').replace(/\p{M}/gu, '')))).toBe(
      true,
    )
  })

  it('ranks a word-start match before a match inside a word', async () => {
    await signUp(t, lawyerSignUp({ nomeCompleto: 'Carlos Mourato' }))
    await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Amoura' }))
    const names = (await search('q=moura')).items
      .map((card) => card.name)
      .filter((n) => /Mourato|Amoura/.test(n))
    expect(names).toEqual(['Carlos Mourato', 'Otto Amoura'])
  })

  it('filters by state, city and specialty', async () => {
    const rj = await searchAll('uf=RJ')
    expect(rj.length).toBeGreaterThan(0)
    expect(rj.every((card) => card.state === 'RJ')).toBe(true)
    const sp = await searchAll('uf=SP&cidadeId=3550308')
    expect(sp.every((card) => card.city === 'São Paulo')).toBe(true)
    expect(sp.map((card) => card.slug)).toContain(anaSlug)
    const civil = await searchAll('especialidade=civil')
    expect(civil.length).toBeGreaterThan(0)
    expect(civil.every((card) => card.specialties.includes('civil'))).toBe(true)
    const bad = await t.app.request('/api/directory/lawyers?especialidade=astrologia')
    expect(bad.status).toBe(400)
    const badCursor = await t.app.request('/api/directory/lawyers?cursor=nope')
    expect(badCursor.status).toBe(400)
  })

  it('keeps paging stable when lawyers are inserted between pages', async () => {
    const before = await searchAll('')
    const first = await search('')
    await seedDirectoryProfiles(db(), { count: 15 })
    const rest: LawyerCardDto[] = []
    let cursor = first.nextCursor
    while (cursor) {
      const page = await search(`cursor=${encodeURIComponent(cursor)}`)
      rest.push(...page.items)
      cursor = page.nextCursor
    }
    const seen = [...first.items, ...rest].map((card) => card.id)
    expect(new Set(seen).size).toBe(seen.length)
    for (const card of before) expect(seen).toContain(card.id)
  })

  it('feeds rating and count from visible reviews only', async () => {
    const [lawyer] = (await search(`q=${encodeURIComponent('987654/RJ')}`)).items
    const { rows } = await db().execute<{ id: string }>(
      sql`select id from users where id like 'seed-dir-%' limit 3`,
    )
    const anaId = (
      await db().execute<{ user_id: string }>(sql`select user_id from profiles where slug = ${anaSlug}`)
    ).rows[0]!.user_id
    await db().execute(sql`insert into reviews (lawyer_user_id, reviewer_user_id, rating, texto, hidden_at)
      values (${anaId}, ${rows[0]!.id}, 5, 'Ótima', null), (${anaId}, ${rows[1]!.id}, 4, 'Boa', null),
             (${anaId}, ${rows[2]!.id}, 1, 'Oculta', now())`)
    const [card] = (await search(`q=${encodeURIComponent('987654/RJ')}`)).items
    expect(lawyer?.reviews).toBe(0)
    expect(card).toMatchObject({ rating: 4.5, reviews: 2 })
  })
})

describe('public profile and visibility', () => {
  it('shows a public profile without personal data, and 404 for an unknown slug', async () => {
    const response = await t.app.request(`/api/directory/profiles/${anaSlug}`)
    expect(response.status).toBe(200)
    const profile = (await response.json()) as PublicProfileDto
    expect(profile).toMatchObject({ name: 'Ânia Brandão Zuleika', fees: null, practiceAreas: [] })
    expect(JSON.stringify(profile)).not.toMatch(/@|98765-4321/)
    expect((await t.app.request('/api/directory/profiles/ninguem-00000000')).status).toBe(404)
  })

  it("hides the lawyer everywhere when 'Perfil público' is off, and shows fees only when chosen", async () => {
    const anon = await t.app.request('/api/directory/me/visibility')
    expect(anon.status).toBe(401)
    const get = await t.app.request('/api/directory/me/visibility', jsonRequest('GET', undefined, ana.cookie))
    expect(((await get.json()) as VisibilityDto).perfilPublico).toBe(true)

    await t.app.request(
      '/api/profile',
      jsonRequest('PATCH', { faixaHonorariosMin: 300, faixaHonorariosMax: 900 }, ana.cookie),
    )
    await db().execute(
      sql`update profiles set faixa_honorarios_min = 300, faixa_honorarios_max = 900 where slug = ${anaSlug}`,
    )
    const on = { perfilPublico: true, atendeVideo: true, mostrarHonorarios: true }
    const put = await t.app.request('/api/directory/me/visibility', jsonRequest('PUT', on, ana.cookie))
    expect(put.status).toBe(200)
    const shown = (await (
      await t.app.request(`/api/directory/profiles/${anaSlug}`)
    ).json()) as PublicProfileDto
    expect(shown).toMatchObject({ fees: { min: 300, max: 900 }, acceptsVideoCall: true })

    const off = { ...on, perfilPublico: false }
    expect(
      (await t.app.request('/api/directory/me/visibility', jsonRequest('PUT', off, ana.cookie))).status,
    ).toBe(200)
    expect((await t.app.request(`/api/directory/profiles/${anaSlug}`)).status).toBe(404)
    expect((await search('q=zuleika')).items).toEqual([])
    expect((await search('q=987654%2FRJ')).items).toEqual([])

    const bad = await t.app.request(
      '/api/directory/me/visibility',
      jsonRequest('PUT', { perfilPublico: 'sim' }, ana.cookie),
    )
    expect(bad.status).toBe(400)
    await t.app.request('/api/directory/me/visibility', jsonRequest('PUT', on, ana.cookie))
    expect((await search('q=zuleika')).items).toHaveLength(1)
  })

  it('orders by completeness, kept by the database when the profile or its collections change', async () => {
    const rank = async () =>
      (
        await db().execute<{ r: number }>(
          sql`select ordem_diretorio as r from profiles where slug = ${anaSlug}`,
        )
      ).rows[0]!.r
    const before = await rank()
    const added = await t.app.request(
      '/api/profile/practice-areas',
      jsonRequest('POST', { area: 'familia', principal: true }, ana.cookie),
    )
    expect(added.status).toBe(201)
    expect(await rank()).toBe(before + 15)
    await db().execute(sql`update profiles set oab_verificado_em = now() where slug = ${anaSlug}`)
    expect(await rank()).toBe(before + 1015)
    const [first] = (await search('uf=SP&cidadeId=3550308&especialidade=familia')).items
    expect(first?.slug).toBe(anaSlug)
  })
})
