import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app'
import { savedJobs } from '../jobs/jobs.table.server'
import { connections } from '../network/network.table.server'
import { entityPageMeta } from './entities.meta.server'
import type {
  EntityPageResponse,
  EntityPanelResponse,
  FeaturedEntitiesResponse,
  StudentPanelResponse,
} from './entities.schema'
import {
  addViews,
  insertApplication,
  insertJob,
  setProfile,
  signUpEntity,
  signUpLawyer,
  signUpStudent,
  type Account,
} from './entities.fixtures'

let t: Awaited<ReturnType<typeof createTestApp>>
let entityA: Account
let entityB: Account
let student: Account
let otherStudent: Account
let lawyer: Account
const ids: Record<string, string> = {}

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })

beforeAll(async () => {
  t = await createTestApp()
  entityA = await signUpEntity(t, 'Silva & Associados')
  entityB = await signUpEntity(t, 'Costa Advocacia')
  student = await signUpStudent(t, 'RJ')
  otherStudent = await signUpStudent(t, 'SP')
  lawyer = await signUpLawyer(t)
  await setProfile(t, entityA.userId, {
    bioProfissional: 'Escritório full service.',
    sitePessoal: 'https://silva.example.com',
  })

  ids.aOpen = await insertJob(t, entityA.userId, { titulo: 'Estágio em Direito Civil' })
  ids.aClosed = await insertJob(t, entityA.userId, { titulo: 'Vaga Encerrada', status: 'encerrada' })
  ids.aExpired = await insertJob(t, entityA.userId, { titulo: 'Vaga Vencida', encerraEm: '2020-01-01' })
  ids.bOpen = await insertJob(t, entityB.userId, {
    titulo: 'Advogado Pleno Tributário',
    nivel: 'Pleno',
    tipo: 'Emprego',
  })
  // Rio de Janeiro (the student's state), an Estudante level job: recommended first.
  ids.bRio = await insertJob(t, entityB.userId, { titulo: 'Estágio no Rio', estadoId: 33, cidadeId: 3304557 })
  await addViews(t, ids.aOpen, 7)
  await addViews(t, ids.bOpen, 40)

  ids.appStudentA = await insertApplication(t, ids.aOpen, student.userId, 'em_analise')
  ids.appOtherA = await insertApplication(t, ids.aOpen, otherStudent.userId)
  ids.appOtherB = await insertApplication(t, ids.bOpen, otherStudent.userId, 'entrevista')
}, 120_000)

afterAll(() => t.close())

describe('GET /api/entities/:slug (public entity page)', () => {
  it('shows a public entity and only its open jobs, to anyone', async () => {
    const response = await get(`/api/entities/${entityA.slug}`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as EntityPageResponse
    expect(body.entity).toMatchObject({
      slug: entityA.slug,
      nome: 'Silva & Associados',
      tipoEntidade: 'escritorio',
      cidade: 'São Paulo',
      uf: 'SP',
      bio: 'Escritório full service.',
      site: 'https://silva.example.com/',
    })
    expect(body.jobs.map((job) => job.id)).toEqual([ids.aOpen])
  })

  it("takes the entity's address from the entity name, never from the person who registered it", () => {
    expect(entityA.slug).toMatch(/^silva-associados-[0-9a-f]{8}$/)
    expect(entityA.slug).not.toContain('paula')
  })

  it('carries no personal data (no CNPJ, phone, e-mail, registering person or user id)', async () => {
    const text = await (await get(`/api/entities/${entityA.slug}`)).text()
    for (const secret of [
      '11222333000181',
      '11.222.333',
      '98765',
      '@example.com',
      'Paula Responsável',
      entityA.userId,
    ])
      expect(text).not.toContain(secret)
    expect(Object.keys((JSON.parse(text) as EntityPageResponse).entity).sort()).toEqual([
      'avatarUrl',
      'bio',
      'cidade',
      'createdAt',
      'linkedinUrl',
      'nome',
      'site',
      'slug',
      'tipoEntidade',
      'uf',
    ])
  })

  it('answers 404 in pt-BR for unknown slugs, other profile types and private entities', async () => {
    const unknown = await get('/api/entities/nao-existe-123')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      error: { code: 'not_found', message: 'Entidade não encontrada.' },
    })
    expect((await get(`/api/entities/${lawyer.slug}`)).status).toBe(404)
    expect((await get(`/api/entities/${student.slug}`)).status).toBe(404)

    const hidden = await signUpEntity(t, 'Entidade Reservada')
    expect((await get(`/api/entities/${hidden.slug}`)).status).toBe(200)
    await setProfile(t, hidden.userId, { perfilPublico: false })
    expect((await get(`/api/entities/${hidden.slug}`)).status).toBe(404)
  })

  it('refuses a javascript: link instead of publishing it', async () => {
    const tricky = await signUpEntity(t, 'Entidade Com Link')
    await setProfile(t, tricky.userId, { sitePessoal: 'javascript:alert(1)' })
    const body = (await (await get(`/api/entities/${tricky.slug}`)).json()) as EntityPageResponse
    expect(body.entity.site).toBeNull()
  })
})

describe('/entidades/:slug server-side meta', () => {
  const resolve = (path: string) => {
    const match = entityPageMeta.pattern.exec(path)
    if (!match) throw new Error(`no match: ${path}`)
    return entityPageMeta.resolve(match, t.deps)
  }

  it('titles a public entity page with its name, type, place and open jobs', async () => {
    const meta = await resolve(`/entidades/${entityA.slug}`)
    expect(meta).toMatchObject({
      title: 'Silva & Associados — Escritório · São Paulo/SP · 1 vaga aberta | JusConecta',
      description: expect.stringContaining('Escritório full service.'),
    })
  })

  it('answers not-found for an unknown or private entity', async () => {
    expect(await resolve('/entidades/nao-existe-123')).toBe('not-found')
    expect(await resolve(`/entidades/${lawyer.slug}`)).toBe('not-found')
  })
})

describe('GET /api/entities (landing)', () => {
  it('lists public entities, the ones with most open jobs first, with public fields only', async () => {
    const response = await get('/api/entities?limit=12')
    expect(response.status).toBe(200)
    const { entities } = (await response.json()) as FeaturedEntitiesResponse
    expect(entities[0]).toMatchObject({ slug: entityB.slug, nome: 'Costa Advocacia', openJobs: 2 })
    expect(entities[1]).toMatchObject({ slug: entityA.slug, openJobs: 1 })
    expect(entities.every((entity) => entity.nome !== 'Entidade Reservada')).toBe(true)
    const slugs = entities.map((entity) => entity.slug)
    expect(slugs).not.toContain(lawyer.slug)
    expect(slugs).not.toContain(student.slug)
    expect(JSON.stringify(entities)).not.toContain('11222333000181')
  })

  it('validates the limit', async () => {
    expect((await get('/api/entities?limit=500')).status).toBe(400)
  })
})

describe('GET /api/entities/panels/student', () => {
  it('needs a session and a student', async () => {
    expect((await get('/api/entities/panels/student')).status).toBe(401)
    const asLawyer = await get('/api/entities/panels/student', lawyer.cookie)
    expect(asLawyer.status).toBe(403)
    expect(((await asLawyer.json()) as { error: { message: string } }).error.message).toMatch(/estudante/)
    expect((await get('/api/entities/panels/student', entityA.cookie)).status).toBe(403)
  })

  it("shows only the signed-in student's applications, and recommends their state's jobs first", async () => {
    const response = await get('/api/entities/panels/student', student.cookie)
    expect(response.status).toBe(200)
    const body = (await response.json()) as StudentPanelResponse
    expect(body.applications).toHaveLength(1)
    expect(body.applications[0]).toMatchObject({
      id: ids.appStudentA,
      jobId: ids.aOpen,
      status: 'em_analise',
    })
    expect(body.stats).toMatchObject({ applications: 1, activeApplications: 1, savedJobs: 0, connections: 0 })
    // Already applied to aOpen; closed and expired jobs are never recommended.
    const recommended = body.recommended.map((job) => job.id)
    expect(recommended[0]).toBe(ids.bRio)
    expect(recommended).not.toContain(ids.aOpen)
    expect(recommended).not.toContain(ids.aClosed)
    expect(recommended).not.toContain(ids.aExpired)

    const other = (await (
      await get('/api/entities/panels/student', otherStudent.cookie)
    ).json()) as StudentPanelResponse
    expect(other.applications.map((application) => application.id).sort()).toEqual(
      [ids.appOtherA, ids.appOtherB].sort(),
    )
  })
  it('lists saved jobs that are still open', async () => {
    await t.handle.db.insert(savedJobs).values([
      { userId: student.userId, jobId: ids.bOpen! },
      { userId: student.userId, jobId: ids.aClosed! },
      { userId: otherStudent.userId, jobId: ids.bRio! },
    ])
    const body = (await (
      await get('/api/entities/panels/student', student.cookie)
    ).json()) as StudentPanelResponse
    expect(body.stats.savedJobs).toBe(1)
    expect(body.saved.map((job) => job.id)).toEqual([ids.bOpen])
  })

  it('counts only accepted connections, with public names and the lawyer page slug', async () => {
    const someone = await signUpStudent(t, 'SP')
    await t.handle.db.insert(connections).values([
      { requesterUserId: student.userId, addresseeUserId: lawyer.userId, status: 'aceita' },
      { requesterUserId: someone.userId, addresseeUserId: student.userId, status: 'pendente' },
    ])
    const body = (await (
      await get('/api/entities/panels/student', student.cookie)
    ).json()) as StudentPanelResponse
    expect(body.stats.connections).toBe(1)
    expect(body.connections).toEqual([
      {
        userId: lawyer.userId,
        nome: 'Ana Advogada',
        avatarUrl: null,
        slug: lawyer.slug,
        userType: 'advogado',
      },
    ])
  })
})

describe('GET /api/entities/panels/entity', () => {
  it('needs a session and an entity', async () => {
    expect((await get('/api/entities/panels/entity')).status).toBe(401)
    expect((await get('/api/entities/panels/entity', student.cookie)).status).toBe(403)
    expect((await get('/api/entities/panels/entity', lawyer.cookie)).status).toBe(403)
  })

  it("shows only the entity's own jobs, counts and applications", async () => {
    const body = (await (
      await get('/api/entities/panels/entity', entityA.cookie)
    ).json()) as EntityPanelResponse
    expect(body.slug).toBe(entityA.slug)
    expect(body.stats).toMatchObject({ openJobs: 1, applications: 2, newApplications: 1, views: 7 })
    const open = body.jobs.find((job) => job.id === ids.aOpen)
    expect(open).toMatchObject({ status: 'aberta', applications: 2, newApplications: 1, views: 7 })
    expect(body.jobs.find((job) => job.id === ids.aExpired)?.status).toBe('encerrada')
    expect(body.jobs.map((job) => job.id)).not.toContain(ids.bOpen)
    expect(body.recentApplications.map((application) => application.id).sort()).toEqual(
      [ids.appStudentA, ids.appOtherA].sort(),
    )
    expect(body.recentApplications.map((application) => application.id)).not.toContain(ids.appOtherB)

    const b = (await (await get('/api/entities/panels/entity', entityB.cookie)).json()) as EntityPanelResponse
    expect(b.stats).toMatchObject({ openJobs: 2, applications: 1, views: 40 })
    expect(b.recentApplications.map((application) => application.id)).toEqual([ids.appOtherB])
  })
})
