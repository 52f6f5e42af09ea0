import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { profiles } from '../profiles/profiles.table.server'
import type { JobStatus } from './jobs.constants'
import type {
  EntityJob,
  JobCreateInput,
  JobDetail,
  JobList,
  JobListQuery,
  JobUpdateInput,
} from './jobs.schema'
import { JOB_MESSAGES } from './jobs.schema'
import {
  CARD_COLUMNS,
  CARD_JOINS,
  OPEN_JOB,
  isoText,
  likeFragment,
  toCard,
  type CardRow,
} from './jobs.sql.server'
import { jobs } from './jobs.table.server'

export type Executor = Pick<Database, 'execute' | 'select' | 'insert' | 'update' | 'delete'>

/** Who the user is on the network: their profile's type and the name an entity publishes under. */
export async function networkRole(
  db: Executor,
  userId: string,
): Promise<{ userType: 'advogado' | 'estudante' | 'entidade'; nome: string } | null> {
  const [row] = await db
    .select({
      userType: profiles.userType,
      nome: sql<string>`coalesce(nullif(${profiles.nomeEntidade}, ''), ${profiles.nomeCompleto})`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  return row ?? null
}

export async function requireEntity(db: Executor, userId: string) {
  const role = await networkRole(db, userId)
  if (role?.userType !== 'entidade') throw new ApiError(403, 'forbidden', JOB_MESSAGES.onlyEntities)
  return role
}

/** The public list: open jobs, newest first, keyset-paged on (created_at, id). */
export async function listOpenJobs(db: Executor, query: JobListQuery & { limit: number }): Promise<JobList> {
  const filters: ReturnType<typeof sql>[] = [OPEN_JOB]
  if (query.tipo) filters.push(sql`j.tipo = ${query.tipo}`)
  if (query.nivel) filters.push(sql`j.nivel = ${query.nivel}`)
  if (query.modalidade) filters.push(sql`j.modalidade = ${query.modalidade}`)
  if (query.estado) filters.push(sql`j.estado_id = (select id from estado where sigla = ${query.estado})`)
  // busca is f_unaccent(lower(titulo || ' ' || empresa)): the same folding of the text hits its trigram index.
  if (query.q) filters.push(sql`j.busca like '%' || f_unaccent(lower(${likeFragment(query.q)})) || '%'`)
  if (query.cursor) {
    const [at, id] = [
      query.cursor.slice(0, query.cursor.lastIndexOf('_')),
      query.cursor.slice(query.cursor.lastIndexOf('_') + 1),
    ]
    filters.push(
      sql`j.created_at <= ${at}::timestamptz and (j.created_at < ${at}::timestamptz or j.id < ${id}::uuid)`,
    )
  }
  const { rows } = await db.execute<CardRow>(sql`
    select ${CARD_COLUMNS} from jobs j ${CARD_JOINS}
    where ${sql.join(filters, sql` and `)}
    order by j.created_at desc nulls last, j.id desc nulls last
    limit ${query.limit + 1}`)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    items: page.map(toCard),
    nextCursor: rows.length > query.limit && last ? `${last.created_at}_${last.id}` : null,
  }
}

type DetailRow = CardRow & {
  requisitos: string | null
  encerra_em: string | null
  entity_user_id: string
  entity_nome: string
  entity_slug: string | null
  open: boolean
}

/** A job with its entity, open or not (the caller decides who may see a closed one). */
export async function findJob(db: Executor, id: string): Promise<DetailRow | null> {
  const { rows } = await db.execute<DetailRow>(sql`
    select ${CARD_COLUMNS}, j.descricao as descricao, j.requisitos, j.encerra_em::text as encerra_em,
      j.entity_user_id, coalesce(nullif(p.nome_entidade, ''), p.nome_completo, j.empresa) as entity_nome,
      ${entitySlug()} as entity_slug, ${OPEN_JOB} as open
    from jobs j ${CARD_JOINS} left join profiles p on p.user_id = j.entity_user_id
    where j.id = ${id}`)
  return rows[0] ?? null
}

/** The entity's public page (/entidades/:slug), only when its profile is public and has a slug. */
function entitySlug() {
  return sql.raw(`case when p.perfil_publico then nullif(p.slug, '') end`)
}

/** GET /api/jobs/:id: only an open job is public; its entity sees its own closed job too. */
export async function getJobDetail(db: Executor, id: string, userId: string | null): Promise<JobDetail> {
  const row = await findJob(db, id)
  const isOwner = !!row && row.entity_user_id === userId
  if (!row || (!row.open && !isOwner)) throw notFound(JOB_MESSAGES.notFound)
  let viewer: JobDetail['viewer'] = null
  if (userId) {
    const { rows } = await db.execute<{
      saved: boolean
      app_id: string | null
      app_status: string | null
      user_type: string | null
    }>(sql`
      select exists(select 1 from saved_jobs s where s.user_id = ${userId} and s.job_id = ${id}) as saved,
        a.id as app_id, a.status as app_status,
        (select user_type from profiles where user_id = ${userId}) as user_type
      from (select 1) one left join job_applications a on a.job_id = ${id} and a.candidate_user_id = ${userId}`)
    const me = rows[0]
    viewer = {
      isOwner,
      saved: !!me?.saved,
      canApply: row.open && !me?.app_id && (me?.user_type === 'estudante' || me?.user_type === 'advogado'),
      application: me?.app_id ? { id: me.app_id, status: me.app_status as never } : null,
    }
  }
  return {
    ...toCard(row),
    descricao: row.descricao,
    requisitos: row.requisitos,
    encerraEm: row.encerra_em,
    entity: { nome: row.entity_nome, slug: row.entity_slug },
    open: row.open,
    viewer,
  }
}

async function estadoId(db: Executor, uf: string | null | undefined): Promise<number | null> {
  if (!uf) return null
  const { rows } = await db.execute<{ id: number }>(sql`select id from estado where sigla = ${uf}`)
  return rows[0]?.id ?? null
}

/** The city must belong to the chosen state (400 otherwise). */
async function checkCity(db: Executor, cidadeId: number | null | undefined, estado: number | null) {
  if (!cidadeId) return null
  const { rows } = await db.execute<{ estado: number }>(sql`select estado from cidade where id = ${cidadeId}`)
  if (!rows[0] || rows[0].estado !== estado)
    throw new ApiError(400, 'validation', 'Cidade inválida para o estado', {
      cidadeId: 'Cidade inválida para o estado',
    })
  return cidadeId
}

/** A closing date before today (São Paulo) would publish an already-closed job. */
async function checkClosingDate(db: Executor, encerraEm: string | null | undefined) {
  if (!encerraEm) return
  const { rows } = await db.execute<{ past: boolean }>(
    sql`select ${encerraEm}::date < (now() at time zone 'America/Sao_Paulo')::date as past`,
  )
  if (rows[0]?.past)
    throw new ApiError(400, 'validation', JOB_MESSAGES.pastClosingDate, {
      encerraEm: JOB_MESSAGES.pastClosingDate,
    })
}

export async function createJob(db: Executor, userId: string, input: JobCreateInput): Promise<string> {
  const entity = await requireEntity(db, userId)
  await checkClosingDate(db, input.encerraEm)
  const estado = await estadoId(db, input.estado)
  const cidadeId = await checkCity(db, input.cidadeId, estado)
  const [row] = await db
    .insert(jobs)
    .values({
      entityUserId: userId,
      titulo: input.titulo,
      empresa: input.empresa?.trim() || entity.nome,
      estadoId: estado,
      cidadeId,
      remoto: input.remoto ?? input.modalidade === 'Remoto',
      tipo: input.tipo,
      nivel: input.nivel,
      modalidade: input.modalidade,
      salario: input.salario || null,
      descricao: input.descricao,
      requisitos: input.requisitos || null,
      encerraEm: input.encerraEm || null,
    })
    .returning({ id: jobs.id })
  return row!.id
}

/** The owner's job or a 404 (missing) / 403 (another entity's). */
export async function ownJob(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select({ entityUserId: jobs.entityUserId, estadoId: jobs.estadoId, encerraEm: jobs.encerraEm })
    .from(jobs)
    .where(eq(jobs.id, id))
  if (!row) throw notFound(JOB_MESSAGES.notFound)
  if (row.entityUserId !== userId) throw new ApiError(403, 'forbidden', JOB_MESSAGES.notOwner)
  return row
}

export async function updateJob(db: Executor, userId: string, id: string, input: JobUpdateInput) {
  const current = await ownJob(db, userId, id)
  const set: Partial<typeof jobs.$inferInsert> = { updatedAt: sql`now()` as never }
  for (const key of ['titulo', 'tipo', 'nivel', 'modalidade', 'descricao', 'remoto'] as const)
    if (input[key] !== undefined) Object.assign(set, { [key]: input[key] })
  if (input.empresa !== undefined && input.empresa.trim()) set.empresa = input.empresa
  if (input.salario !== undefined) set.salario = input.salario || null
  if (input.requisitos !== undefined) set.requisitos = input.requisitos || null
  if (input.encerraEm !== undefined) set.encerraEm = input.encerraEm || null
  let estado = current.estadoId
  if (input.estado !== undefined) set.estadoId = estado = await estadoId(db, input.estado)
  if (input.cidadeId !== undefined) set.cidadeId = await checkCity(db, input.cidadeId, estado)
  else if (input.estado !== undefined) set.cidadeId = null
  if (input.status) {
    set.status = input.status as JobStatus
    const encerraEm = input.encerraEm !== undefined ? input.encerraEm : current.encerraEm
    if (input.status === 'aberta' && encerraEm) {
      const { rows } = await db.execute<{ past: boolean }>(
        sql`select ${encerraEm}::date < (now() at time zone 'America/Sao_Paulo')::date as past`,
      )
      if (rows[0]?.past)
        throw new ApiError(400, 'validation', JOB_MESSAGES.reopenPastDate, {
          encerraEm: JOB_MESSAGES.reopenPastDate,
        })
    }
  }
  await db
    .update(jobs)
    .set(set)
    .where(and(eq(jobs.id, id), eq(jobs.entityUserId, userId)))
}

type EntityJobRow = CardRow & {
  requisitos: string | null
  encerra_em: string | null
  cidade_id: number | null
  status: JobStatus
  expired: boolean
  views: number
  applications: number
  updated_at: string
}

/** An entity's jobs (open and closed) with their application counts, newest first. */
export async function listEntityJobsWithCounts(db: Executor, entityUserId: string): Promise<EntityJob[]> {
  const { rows } = await db.execute<EntityJobRow>(sql`
    select ${CARD_COLUMNS}, j.descricao as descricao, j.requisitos, j.encerra_em::text as encerra_em, j.cidade_id,
      j.status, (j.status = 'aberta' and not ${OPEN_JOB}) as expired, j.views,
      (select count(*)::int from job_applications a where a.job_id = j.id) as applications,
      ${isoText('j.updated_at')} as updated_at
    from jobs j ${CARD_JOINS}
    where j.entity_user_id = ${entityUserId}
    order by j.created_at desc nulls last, j.id desc nulls last
    limit 200`)
  return rows.map((row) => ({
    ...toCard(row),
    requisitos: row.requisitos,
    encerraEm: row.encerra_em,
    cidadeId: row.cidade_id,
    status: row.status,
    expired: row.expired,
    views: row.views,
    applications: row.applications,
    updatedAt: row.updated_at,
  }))
}

/** Views of an entity's jobs: the total and the last 30 days, day by day (São Paulo days). */
export async function jobViewsOfEntity(db: Executor, entityUserId: string) {
  const { rows } = await db.execute<{ total: number; last30: number }>(sql`
    select coalesce((select sum(views)::int from jobs where entity_user_id = ${entityUserId}), 0) as total,
      coalesce((select sum(v.views)::int from job_views_daily v join jobs j on j.id = v.job_id
        where j.entity_user_id = ${entityUserId}
          and v.dia > (now() at time zone 'America/Sao_Paulo')::date - 30), 0) as last30`)
  const { rows: days } = await db.execute<{ dia: string; views: number }>(sql`
    select v.dia::text as dia, sum(v.views)::int as views from job_views_daily v join jobs j on j.id = v.job_id
    where j.entity_user_id = ${entityUserId} and v.dia > (now() at time zone 'America/Sao_Paulo')::date - 30
    group by v.dia order by v.dia`)
  return { total: rows[0]?.total ?? 0, last30Days: rows[0]?.last30 ?? 0, byDay: days }
}
