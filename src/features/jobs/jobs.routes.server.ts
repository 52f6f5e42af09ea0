import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { clientIp } from '../../platform/client-ip.server'
import { notFound, unauthorized } from '../../platform/http-error.server'
import { isUpload, rateLimit } from '../../platform/rate-limit.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireUser } from '../auth/auth.public.server'
import {
  changeApplicationStatus,
  checkCanApply,
  findCvForViewer,
  insertApplication,
  listApplicationsOfCandidate,
  listApplicationsOfJob,
  updateLetter,
} from './jobs.applications.server'
import { cvResponse, receiveCv } from './jobs.files.server'
import { listSavedJobs, recordJobView, saveJob, unsaveJob } from './jobs.saved.server'
import {
  JOB_MESSAGES,
  applicationLetterBody,
  applicationStatusBody,
  applicationUploadQuery,
  jobCreateBody,
  jobListQuery,
  jobListSchema,
  jobUpdateBody,
  type CandidateApplication,
  type EntityApplication,
  type EntityJob,
  type JobDetail,
  type JobList,
  type SavedJob,
} from './jobs.schema'
import {
  createJob,
  getJobDetail,
  jobViewsOfEntity,
  listEntityJobsWithCounts,
  listOpenJobs,
  requireEntity,
  updateJob,
} from './jobs.service.server'

const uuid = z.uuid()

interface PathContext {
  req: { param(name: 'id'): string | undefined }
}

/** A path id that is not a uuid can't be a job or an application: 404 like a missing one. */
function idParam(c: PathContext, message: string): string {
  const id = c.req.param('id')
  if (!id || !uuid.safeParse(id).success) throw notFound(message)
  return id
}
const jobId = (c: PathContext) => idParam(c, JOB_MESSAGES.notFound)
const applicationId = (c: PathContext) => idParam(c, JOB_MESSAGES.applicationNotFound)

function userId(c: { var: { user: { id: string } | null } }): string {
  if (!c.var.user) throw unauthorized()
  return c.var.user.id
}

/** A CV sent with any Content-Type still costs one upload (see documents.routes.server.ts). */
const untypedUploadLimit = rateLimit({
  name: 'upload',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_UPLOAD_MAX }),
  key: (c) => c.var.user?.id,
})
/** Publishing is for people, not scripts: 30 new jobs an hour per entity is far above any real use. */
const createLimit = rateLimit({
  name: 'job-create',
  rule: () => ({ windowSeconds: 3600, max: 30 }),
  key: (c) => c.var.user?.id,
})
const countEveryUpload = createMiddleware<AppEnv>((c, next) =>
  isUpload(c) ? next() : untypedUploadLimit(c, next),
)

const TAG = apiTag('Vagas', 'Vagas e estágios publicados por entidades, candidaturas e vagas salvas.')

const applicationBody = {
  media: 'application/pdf',
  schema: { type: 'string', format: 'binary', description: 'Currículo em PDF, até 5 MB.' },
}

// Public: the list and an open job's page (anonymous allowed, public data only). Everything else needs a
// session, and each service checks who may act: only entidades publish, only the owning entity edits or
// sees applications (403), only estudantes/advogados apply, a CV only for its candidate and the job's
// entity (404 for anyone else).
export const jobRoutes = new Hono<AppEnv>()
  .get(
    '/',
    routeDoc(
      TAG,
      'Vagas abertas, mais novas primeiro (texto, tipo, nível, modalidade, estado; paginação por cursor)',
      { public: true, response: jobListSchema },
    ),
    validate('query', jobListQuery),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json<JobList>(await listOpenJobs(c.var.db, c.req.valid('query')))
    },
  )
  .post(
    '/',
    routeDoc(TAG, 'Publica uma vaga (só entidades)', { status: 201 }),
    requireUser,
    createLimit,
    validate('json', jobCreateBody),
    async (c) => {
      const id = await createJob(c.var.db, userId(c), c.req.valid('json'))
      return c.json<{ id: string }>({ id }, 201)
    },
  )
  .get('/mine', routeDoc(TAG, 'Vagas da entidade com o número de candidaturas'), requireUser, async (c) => {
    await requireEntity(c.var.db, userId(c))
    return c.json<{ items: EntityJob[] }>({ items: await listEntityJobsWithCounts(c.var.db, userId(c)) })
  })
  .get(
    '/mine/views',
    routeDoc(TAG, 'Visualizações das vagas da entidade (total e últimos 30 dias)'),
    requireUser,
    async (c) => {
      await requireEntity(c.var.db, userId(c))
      return c.json(await jobViewsOfEntity(c.var.db, userId(c)))
    },
  )
  .get('/saved', routeDoc(TAG, 'Vagas salvas pelo usuário'), requireUser, async (c) => {
    return c.json<{ items: SavedJob[] }>({ items: await listSavedJobs(c.var.db, userId(c)) })
  })
  .get(
    '/applications/mine',
    routeDoc(TAG, 'Minhas candidaturas, com a situação de cada uma'),
    requireUser,
    async (c) => {
      const items = await listApplicationsOfCandidate(c.var.db, userId(c))
      return c.json<{ items: CandidateApplication[] }>({ items })
    },
  )
  .patch(
    '/applications/:id/status',
    routeDoc(TAG, 'Move uma candidatura (só a entidade da vaga); o candidato é notificado'),
    requireUser,
    validate('json', applicationStatusBody),
    async (c) => {
      const { status } = c.req.valid('json')
      const application = await c.var.db.transaction((tx) =>
        changeApplicationStatus(tx, userId(c), applicationId(c), status),
      )
      return c.json<{ application: EntityApplication }>({ application })
    },
  )
  .patch(
    '/applications/:id/carta',
    routeDoc(TAG, 'Carta de apresentação da própria candidatura'),
    requireUser,
    validate('json', applicationLetterBody),
    async (c) => {
      await updateLetter(c.var.db, userId(c), applicationId(c), c.req.valid('json').carta)
      return c.json({ ok: true as const })
    },
  )
  .get(
    '/applications/:id/cv',
    routeDoc(TAG, 'Baixa o currículo (só o candidato e a entidade da vaga)', { media: 'application/pdf' }),
    requireUser,
    async (c) => {
      const cv = await findCvForViewer(c.var.db, userId(c), applicationId(c))
      return cvResponse(c, cv)
    },
  )
  .get(
    '/:id',
    routeDoc(TAG, 'Página de uma vaga aberta (404 se encerrada ou inexistente)', { public: true }),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json<JobDetail>(await getJobDetail(c.var.db, jobId(c), c.var.user?.id ?? null))
    },
  )
  .patch(
    '/:id',
    routeDoc(TAG, 'Edita, encerra ou reabre uma vaga (só a entidade dona)'),
    requireUser,
    validate('json', jobUpdateBody),
    async (c) => {
      await updateJob(c.var.db, userId(c), jobId(c), c.req.valid('json'))
      return c.json({ ok: true as const })
    },
  )
  .post(
    '/:id/view',
    routeDoc(TAG, 'Conta uma visualização da vaga (uma por visitante por hora)', { public: true }),
    async (c) => {
      const counted = await recordJobView(c.var.db, jobId(c), {
        userId: c.var.user?.id ?? null,
        address: clientIp(c, c.var.deps.env.TRUST_PROXY) ?? 'unknown',
      })
      return c.json<{ counted: boolean }>({ counted })
    },
  )
  .get(
    '/:id/applications',
    routeDoc(TAG, 'Candidaturas da vaga (só a entidade dona)'),
    requireUser,
    async (c) => {
      const items = await listApplicationsOfJob(c.var.db, userId(c), jobId(c))
      return c.json<{ items: EntityApplication[] }>({ items })
    },
  )
  // The raw PDF is the body (one file per request); its name rides in the query string. Who may apply is
  // checked before a byte is read; the cover letter follows with PATCH /applications/:id/carta.
  .post(
    '/:id/applications',
    routeDoc(TAG, 'Candidata-se à vaga enviando o currículo em PDF (estudantes e advogados)', {
      status: 201,
      requestBody: applicationBody,
    }),
    requireUser,
    validate('query', applicationUploadQuery),
    countEveryUpload,
    async (c) => {
      const id = jobId(c)
      const me = userId(c)
      await checkCanApply(c.var.db, me, id)
      const applicationIdCreated = await receiveCv(c, c.req.valid('query').nome, (cv) =>
        insertApplication(c.var.db, me, id, cv),
      )
      return c.json<{ id: string }>({ id: applicationIdCreated }, 201)
    },
  )
  .put('/:id/saved', routeDoc(TAG, 'Salva a vaga'), requireUser, async (c) => {
    await saveJob(c.var.db, userId(c), jobId(c))
    return c.json({ saved: true })
  })
  .delete('/:id/saved', routeDoc(TAG, 'Remove a vaga das salvas'), requireUser, async (c) => {
    await unsaveJob(c.var.db, userId(c), jobId(c))
    return c.json({ saved: false })
  })
