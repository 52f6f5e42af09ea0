import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { notifications } from '../notifications/notifications.table.server'
import {
  account,
  applyRequest,
  entitySignUp,
  PDF,
  publishJob,
  sampleJob,
  studentSignUp,
  type Account,
} from './jobs.fixtures'
import type { CandidateApplication, EntityApplication, EntityJob, JobDetail, JobList } from './jobs.schema'
import type { AppDeps } from '../../platform/app-env.server'
import { jobPageMeta } from './jobs.meta.server'
import {
  listApplicationsOfCandidate,
  listEntityJobsWithCounts,
  listRecentApplicationsForEntity,
  recommendedJobs,
} from './jobs.public.server'
import { jobs } from './jobs.table.server'

let t: TestApp
let entity: Account
let otherEntity: Account
let student: Account
let lawyer: Account
let stranger: Account

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T

beforeAll(async () => {
  t = await createTestApp()
  entity = await account(t, entitySignUp('Escritório Alfa'))
  otherEntity = await account(t, entitySignUp('Instituto Beta'))
  student = await account(t, studentSignUp())
  lawyer = await account(t, lawyerSignUp())
  stranger = await account(t, studentSignUp('Curioso'))
}, 120_000)
afterAll(() => t.close())

describe('publishing', () => {
  it('lets only an entidade create a job; the company defaults to its name', async () => {
    const denied = await t.app.request('/api/jobs', jsonRequest('POST', { titulo: 'x' }))
    expect(denied.status).toBe(401)
    const byStudent = await t.app.request(
      '/api/jobs',
      jsonRequest(
        'POST',
        {
          titulo: 'Vaga',
          tipo: 'Emprego',
          nivel: 'Pleno',
          modalidade: 'Remoto',
          remoto: true,
          descricao: 'x',
        },
        student.cookie,
      ),
    )
    expect(byStudent.status).toBe(403)
    expect((await byStudent.json()).error.message).toBe('Apenas entidades podem publicar vagas.')
    const id = await publishJob(t, entity.cookie)
    const detail = await json<JobDetail>(get(`/api/jobs/${id}`))
    expect(detail.empresa).toBe('Escritório Alfa')
    expect(detail.estado).toBe('SP')
    expect(detail.cidade).toBe('São Paulo')
    expect(detail.entity.nome).toBe('Escritório Alfa')
    expect(detail.entity.slug).toMatch(/^escritorio-alfa/)
    expect(detail.viewer).toBeNull()
  })

  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(jobs)
    const response = await t.app.request(
      '/api/jobs',
      jsonRequest(
        'POST',
        { titulo: 'a', tipo: 'Bico', nivel: 'Pleno', modalidade: 'Presencial', descricao: '' },
        entity.cookie,
      ),
    )
    expect(response.status).toBe(400)
    const { error } = await response.json()
    expect(error.fields.titulo).toBe('Informe o título da vaga (mín. 3 caracteres)')
    expect(error.fields.tipo).toBe('Selecione o tipo da vaga')
    expect(error.fields.descricao).toBe('Informe a descrição da vaga')
    const noPlace = await t.app.request(
      '/api/jobs',
      jsonRequest(
        'POST',
        {
          titulo: 'Vaga sem local',
          tipo: 'Emprego',
          nivel: 'Pleno',
          modalidade: 'Presencial',
          descricao: 'x',
        },
        entity.cookie,
      ),
    )
    expect((await noPlace.json()).error.fields.estado).toBe('Informe o estado ou marque a vaga como remota')
    const past = await t.app.request(
      '/api/jobs',
      jsonRequest('POST', sampleJob({ encerraEm: '2020-01-01' }), entity.cookie),
    )
    expect(past.status).toBe(400)
    expect((await past.json()).error.fields.encerraEm).toBe(
      'A data de encerramento não pode estar no passado.',
    )
    const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(jobs)
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('lets only the owner edit, close and reopen', async () => {
    const id = await publishJob(t, entity.cookie, {
      titulo: 'Advogado Trabalhista Pleno',
      tipo: 'Emprego',
      nivel: 'Pleno',
    })
    const foreign = await t.app.request(
      `/api/jobs/${id}`,
      jsonRequest('PATCH', { titulo: 'Hackeada' }, otherEntity.cookie),
    )
    expect(foreign.status).toBe(403)
    expect(
      await t.app.request(`/api/jobs/${id}`, jsonRequest('PATCH', { titulo: 'x y z' }, student.cookie)),
    ).toHaveProperty('status', 403)
    const edited = await t.app.request(
      `/api/jobs/${id}`,
      jsonRequest('PATCH', { salario: 'A combinar' }, entity.cookie),
    )
    expect(edited.status).toBe(200)
    expect((await json<JobDetail>(get(`/api/jobs/${id}`))).salario).toBe('A combinar')

    await t.app.request(`/api/jobs/${id}`, jsonRequest('PATCH', { status: 'encerrada' }, entity.cookie))
    expect((await get(`/api/jobs/${id}`)).status).toBe(404)
    // The owner still sees their closed job (to reopen it), in the page and in their list.
    expect((await get(`/api/jobs/${id}`, entity.cookie)).status).toBe(200)
    const mine = await json<{ items: EntityJob[] }>(get('/api/jobs/mine', entity.cookie))
    expect(mine.items.find((job) => job.id === id)?.status).toBe('encerrada')
    await t.app.request(`/api/jobs/${id}`, jsonRequest('PATCH', { status: 'aberta' }, entity.cookie))
    expect((await get(`/api/jobs/${id}`)).status).toBe(200)
    expect((await get('/api/jobs/mine', student.cookie)).status).toBe(403)
  })
})

describe('the public list', () => {
  it('hides closed and expired jobs, filters, and pages stably under inserts', async () => {
    const open = await publishJob(t, otherEntity.cookie, {
      titulo: 'Trainee Jurídico Paraná',
      tipo: 'Trainee',
      nivel: 'Recém-formado',
      estado: 'PR',
      cidadeId: null,
    })
    const closed = await publishJob(t, otherEntity.cookie, { titulo: 'Vaga Encerrada Teste' })
    await t.app.request(
      `/api/jobs/${closed}`,
      jsonRequest('PATCH', { status: 'encerrada' }, otherEntity.cookie),
    )
    const expired = await publishJob(t, otherEntity.cookie, { titulo: 'Vaga Vencida Teste' })
    await t.handle.db.update(jobs).set({ encerraEm: '2020-01-01' }).where(eq(jobs.id, expired))

    const all = await json<JobList>(get('/api/jobs?limit=50'))
    const ids = all.items.map((job) => job.id)
    expect(ids).toContain(open)
    expect(ids).not.toContain(closed)
    expect(ids).not.toContain(expired)
    expect((await get(`/api/jobs/${expired}`)).status).toBe(404)
    expect((await get(`/api/jobs/${closed}`)).status).toBe(404)
    expect((await get('/api/jobs/00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect((await get('/api/jobs/nao-existe')).status).toBe(404)

    const trainee = await json<JobList>(get('/api/jobs?tipo=Trainee&estado=PR'))
    expect(trainee.items.map((job) => job.id)).toEqual([open])
    // Accent- and case-insensitive text over title and company.
    const text = await json<JobList>(get(`/api/jobs?q=${encodeURIComponent('juridico parana')}`))
    expect(text.items.map((job) => job.id)).toEqual([open])
    const byCompany = await json<JobList>(get(`/api/jobs?q=${encodeURIComponent('instituto beta')}`))
    expect(byCompany.items.map((job) => job.id)).toContain(open)
    expect((await get('/api/jobs?nivel=Senior')).status).toBe(400)

    // Page 1 of 2, then a new job is published: page 2 neither repeats nor skips anything.
    const first = await json<JobList>(get('/api/jobs?limit=2'))
    expect(first.nextCursor).not.toBeNull()
    await publishJob(t, entity.cookie, { titulo: 'Publicada Entre Páginas' })
    const rest = await json<JobList>(
      get(`/api/jobs?limit=50&cursor=${encodeURIComponent(first.nextCursor!)}`),
    )
    const paged = [...first.items, ...rest.items].map((job) => job.id)
    expect(paged).toEqual(ids)
  })
})

describe('applications', () => {
  let jobId: string
  let applicationId: string

  beforeAll(async () => {
    jobId = await publishJob(t, entity.cookie, { titulo: 'Estágio Contencioso' })
  })

  it('lets students and lawyers apply once with a PDF; entities cannot apply', async () => {
    const notPdf = await t.app.request(
      `/api/jobs/${jobId}/applications?nome=cv.pdf`,
      applyRequest(student.cookie, Buffer.from('MZ not a pdf')),
    )
    expect(notPdf.status).toBe(415)
    expect((await notPdf.json()).error.message).toBe('O currículo deve ser um arquivo PDF.')
    const byEntity = await t.app.request(
      `/api/jobs/${jobId}/applications?nome=cv.pdf`,
      applyRequest(otherEntity.cookie),
    )
    expect(byEntity.status).toBe(403)
    expect(
      (await t.app.request(`/api/jobs/${jobId}/applications?nome=cv.pdf`, applyRequest(''))).status,
    ).toBe(401)

    const created = await t.app.request(
      `/api/jobs/${jobId}/applications?nome=Meu%20CV.pdf`,
      applyRequest(student.cookie),
    )
    expect(created.status).toBe(201)
    applicationId = ((await created.json()) as { id: string }).id
    const letter = await t.app.request(
      `/api/jobs/applications/${applicationId}/carta`,
      jsonRequest('PATCH', { carta: 'Tenho interesse na vaga.' }, student.cookie),
    )
    expect(letter.status).toBe(200)
    const again = await t.app.request(
      `/api/jobs/${jobId}/applications?nome=cv.pdf`,
      applyRequest(student.cookie),
    )
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toBe('Você já se candidatou a esta vaga.')
    expect(
      (await t.app.request(`/api/jobs/${jobId}/applications?nome=cv.pdf`, applyRequest(lawyer.cookie)))
        .status,
    ).toBe(201)

    const detail = await json<JobDetail>(get(`/api/jobs/${jobId}`, student.cookie))
    expect(detail.viewer).toMatchObject({
      canApply: false,
      application: { id: applicationId, status: 'recebida' },
    })
  })

  it("shows a job's applications to its entity only", async () => {
    const list = await json<{ items: EntityApplication[] }>(
      get(`/api/jobs/${jobId}/applications`, entity.cookie),
    )
    expect(list.items).toHaveLength(2)
    const mine = list.items.find((item) => item.id === applicationId)
    expect(mine).toMatchObject({
      carta: 'Tenho interesse na vaga.',
      cvNome: 'Meu CV.pdf',
      status: 'recebida',
    })
    expect(JSON.stringify(list)).not.toContain('@example.com')
    expect((await get(`/api/jobs/${jobId}/applications`, otherEntity.cookie)).status).toBe(403)
    expect((await get(`/api/jobs/${jobId}/applications`, student.cookie)).status).toBe(403)
  })

  it('moves an application and notifies the candidate each time; only the owner may', async () => {
    const path = `/api/jobs/applications/${applicationId}/status`
    expect(
      (await t.app.request(path, jsonRequest('PATCH', { status: 'aprovada' }, otherEntity.cookie))).status,
    ).toBe(403)
    expect(
      (await t.app.request(path, jsonRequest('PATCH', { status: 'aprovada' }, student.cookie))).status,
    ).toBe(403)
    expect(
      (await t.app.request(path, jsonRequest('PATCH', { status: 'contratada' }, entity.cookie))).status,
    ).toBe(400)
    for (const status of ['em_analise', 'entrevista'] as const) {
      const response = await t.app.request(path, jsonRequest('PATCH', { status }, entity.cookie))
      expect(response.status).toBe(200)
      expect((await response.json()).application.status).toBe(status)
    }
    const sent = await t.handle.db.select().from(notifications).where(eq(notifications.userId, student.id))
    const jobNotes = sent.filter((note) => note.title === 'Candidatura atualizada')
    expect(jobNotes.map((note) => note.message)).toEqual(
      expect.arrayContaining([
        'Sua candidatura para "Estágio Contencioso" agora está: Em análise.',
        'Sua candidatura para "Estágio Contencioso" agora está: Entrevista.',
      ]),
    )
    expect(jobNotes[0]?.link).toBe(`/vagas/${jobId}`)
    const mine = await json<{ items: CandidateApplication[] }>(
      get('/api/jobs/applications/mine', student.cookie),
    )
    expect(mine.items[0]).toMatchObject({
      id: applicationId,
      status: 'entrevista',
      job: { id: jobId, open: true },
    })
  })

  it('serves the CV only to the candidate and the job entity', async () => {
    const path = `/api/jobs/applications/${applicationId}/cv`
    const byCandidate = await get(path, student.cookie)
    expect(byCandidate.status).toBe(200)
    expect(byCandidate.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await byCandidate.arrayBuffer())).toEqual(PDF)
    expect((await get(path, entity.cookie)).status).toBe(200)
    expect((await get(path, otherEntity.cookie)).status).toBe(404)
    expect((await get(path, stranger.cookie)).status).toBe(404)
    expect((await get(path, lawyer.cookie)).status).toBe(404)
    expect((await get(path)).status).toBe(401)
  })
})

describe('saved jobs and views', () => {
  it('saves and unsaves a job', async () => {
    const id = await publishJob(t, entity.cookie, { titulo: 'Vaga Para Salvar' })
    expect(
      (await t.app.request(`/api/jobs/${id}/saved`, { method: 'PUT', headers: { cookie: student.cookie } }))
        .status,
    ).toBe(200)
    const saved = await json<{ items: { id: string }[] }>(get('/api/jobs/saved', student.cookie))
    expect(saved.items.map((job) => job.id)).toEqual([id])
    expect((await json<JobDetail>(get(`/api/jobs/${id}`, student.cookie))).viewer?.saved).toBe(true)
    await t.app.request(`/api/jobs/${id}/saved`, { method: 'DELETE', headers: { cookie: student.cookie } })
    expect((await json<{ items: unknown[] }>(get('/api/jobs/saved', student.cookie))).items).toHaveLength(0)
  })

  it('counts a view once per viewer per hour, per day for the entity panel', async () => {
    const id = await publishJob(t, otherEntity.cookie, { titulo: 'Vaga Vista' })
    const view = (cookie?: string) =>
      t.app.request(`/api/jobs/${id}/view`, { method: 'POST', headers: cookie ? { cookie } : {} })
    expect(await json(view(student.cookie))).toEqual({ counted: true })
    expect(await json(view(student.cookie))).toEqual({ counted: false })
    expect(await json(view(lawyer.cookie))).toEqual({ counted: true })
    // The entity looking at its own job is not a view.
    expect(await json(view(otherEntity.cookie))).toEqual({ counted: false })
    const [row] = await t.handle.db.select({ views: jobs.views }).from(jobs).where(eq(jobs.id, id))
    expect(row?.views).toBe(2)
    const views = await json<{ total: number; last30Days: number }>(
      get('/api/jobs/mine/views', otherEntity.cookie),
    )
    expect(views.last30Days).toBe(2)
  })
})

describe('the job page meta tags', () => {
  it('describes an open job and is not-found for a closed one', async () => {
    const id = await publishJob(t, entity.cookie, {
      titulo: 'Advogado Tributário Júnior',
      tipo: 'Emprego',
      nivel: 'Júnior',
    })
    const deps = { db: t.handle.db } as unknown as AppDeps
    const meta = await jobPageMeta.resolve(jobPageMeta.pattern.exec(`/vagas/${id}`)!, deps)
    expect(meta).toMatchObject({
      title: 'Advogado Tributário Júnior — Escritório Alfa | JusConecta',
      type: 'article',
    })
    expect(meta !== 'not-found' && meta.description).toContain('Emprego · Júnior · Híbrido · São Paulo/SP.')
    await t.app.request(`/api/jobs/${id}`, jsonRequest('PATCH', { status: 'encerrada' }, entity.cookie))
    expect(await jobPageMeta.resolve(jobPageMeta.pattern.exec(`/vagas/${id}`)!, deps)).toBe('not-found')
  })
})

describe("PANELS's functions", () => {
  it('count applications per job, list the newest applications and recommend by state and level', async () => {
    const mine = await listEntityJobsWithCounts(t.handle.db, entity.id)
    expect(mine.find((job) => job.titulo === 'Estágio Contencioso')?.applications).toBe(2)
    const recent = await listRecentApplicationsForEntity(t.handle.db, entity.id, 5)
    expect(recent.map((item) => item.jobTitulo)).toContain('Estágio Contencioso')
    expect((await listRecentApplicationsForEntity(t.handle.db, otherEntity.id, 5)).length).toBe(0)
    const pr = await recommendedJobs(t.handle.db, { estadoId: 41, nivel: 'Recém-formado', limit: 3 })
    expect(pr[0]?.titulo).toBe('Trainee Jurídico Paraná')
    expect((await listApplicationsOfCandidate(t.handle.db, student.id)).length).toBe(1)
  })
})
