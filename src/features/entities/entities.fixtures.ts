import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { jobApplications, jobs } from '../jobs/jobs.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { users } from '../auth/auth.table.server'
import { SAO_PAULO, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'

// Test data of the entities feature: accounts through the real sign-up, jobs and applications written
// straight into JOBS's tables (the panels read them; JOBS's own tests cover how they are created).

const RIO = { estadoId: 33, cidadeId: 3304557 }

const suffix = () => randomBytes(4).toString('hex')

export interface Account {
  cookie: string
  userId: string
  slug: string
}

async function account(t: TestApp, email: string, cookie: string): Promise<Account> {
  const db = t.handle.db
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error('user not found after sign-up')
  const [profile] = await db
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(eq(profiles.userId, user.id))
  let slug = profile?.slug ?? null
  if (!slug) {
    // DIRECTORY generates slugs on sign-up; set one if this build does not yet.
    slug = `teste-${suffix()}`
    await db.update(profiles).set({ slug }).where(eq(profiles.userId, user.id))
  }
  return { cookie, userId: user.id, slug }
}

export async function signUpEntity(t: TestApp, nomeEntidade = 'Silva & Associados') {
  const email = `ent-${suffix()}@example.com`
  const { cookie } = await signUp(t, {
    userType: 'entidade',
    email,
    password: 'senha-segura-123',
    confirmPassword: 'senha-segura-123',
    nomeCompleto: 'Paula Responsável',
    telefone: '(11) 98765-4321',
    ...SAO_PAULO,
    nomeEntidade,
    cnpj: '11.222.333/0001-81',
    tipoEntidade: 'escritorio',
  })
  return account(t, email, cookie)
}

export async function signUpStudent(t: TestApp, where: 'SP' | 'RJ' = 'SP') {
  const email = `est-${suffix()}@example.com`
  const { cookie } = await signUp(t, {
    userType: 'estudante',
    email,
    password: 'senha-segura-123',
    confirmPassword: 'senha-segura-123',
    nomeCompleto: 'Bruno Estudante',
    telefone: '(21) 98765-4321',
    ...(where === 'SP' ? SAO_PAULO : RIO),
    universidade: 'USP',
    periodoCurso: 5,
  })
  return account(t, email, cookie)
}

export async function signUpLawyer(t: TestApp) {
  const email = `adv-${suffix()}@example.com`
  const { cookie } = await signUp(t, {
    userType: 'advogado',
    email,
    password: 'senha-segura-123',
    confirmPassword: 'senha-segura-123',
    nomeCompleto: 'Ana Advogada',
    telefone: '(11) 98765-4321',
    ...SAO_PAULO,
    oabNumero: '123456',
    oabEstado: 'SP',
  })
  return account(t, email, cookie)
}

type JobInput = Partial<typeof jobs.$inferInsert>

export async function insertJob(t: TestApp, entityUserId: string, overrides: JobInput = {}) {
  const [job] = await t.handle.db
    .insert(jobs)
    .values({
      entityUserId,
      titulo: 'Estágio em Direito Civil',
      empresa: 'Silva & Associados',
      ...SAO_PAULO,
      tipo: 'Estágio',
      nivel: 'Estudante',
      modalidade: 'Presencial',
      salario: 'R$ 1.800,00',
      descricao: 'Apoio às rotinas do contencioso cível.',
      ...overrides,
    })
    .returning({ id: jobs.id })
  if (!job) throw new Error('job not inserted')
  return job.id
}

export async function insertApplication(
  t: TestApp,
  jobId: string,
  candidateUserId: string,
  status: (typeof jobApplications.$inferInsert)['status'] = 'recebida',
) {
  const [row] = await t.handle.db
    .insert(jobApplications)
    .values({
      jobId,
      candidateUserId,
      cvStorageKey: `cv-${suffix()}`,
      cvNome: 'curriculo.pdf',
      cvTamanho: 1234,
      cvSha256: '0'.repeat(64),
      status,
    })
    .returning({ id: jobApplications.id })
  if (!row) throw new Error('application not inserted')
  return row.id
}

export async function setProfile(t: TestApp, userId: string, values: Partial<typeof profiles.$inferInsert>) {
  await t.handle.db.update(profiles).set(values).where(eq(profiles.userId, userId))
}

export async function addViews(t: TestApp, jobId: string, views: number) {
  await t.handle.db.execute(sql`update jobs set views = views + ${views} where id = ${jobId}`)
}
