import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { jobs } from '../jobs/jobs.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import type { EntityPageResponse, FeaturedEntity, PublicEntity } from './entities.schema'
import { iso, jobCidade, jobEstado, jobIsOpen, jobSummaryColumns, toJobSummary } from './entity-jobs.server'

/** At most this many open jobs on an entity page (newest first); the rest are one click away in /vagas. */
const ENTITY_PAGE_JOBS = 50

/**
 * Which profiles have a public entity page: entidades that kept 'Perfil público' on, have a slug and an
 * entity name. The entity's name is what is shown, never nome_completo (the person who registered it).
 */
const isPublicEntity = and(
  eq(profiles.userType, 'entidade'),
  eq(profiles.perfilPublico, true),
  sql`${profiles.slug} <> ''`,
  sql`coalesce(trim(${profiles.nomeEntidade}), '') <> ''`,
)

/**
 * GET /api/entities/:slug — only public data: name, type, city/state, bio, avatar, links. The CNPJ, the
 * phone, the e-mail and the registering person are left out on purpose. `undefined` = 404.
 */
export async function getEntityPage(db: Database, slug: string): Promise<EntityPageResponse | undefined> {
  const [row] = await db
    .select({
      userId: profiles.userId,
      slug: profiles.slug,
      nome: profiles.nomeEntidade,
      tipoEntidade: profiles.tipoEntidade,
      cidade: cidade.nome,
      uf: estado.sigla,
      bio: profiles.bioProfissional,
      avatarUrl: profiles.avatarUrl,
      linkedinUrl: profiles.linkedinUrl,
      site: profiles.sitePessoal,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .leftJoin(cidade, eq(cidade.id, profiles.cidadeId))
    .leftJoin(estado, eq(estado.id, profiles.estadoId))
    .where(and(eq(profiles.slug, slug.toLowerCase()), isPublicEntity))
    .limit(1)
  if (!row?.slug || !row.nome) return undefined

  const jobRows = await db
    .select(jobSummaryColumns)
    .from(jobs)
    .leftJoin(jobCidade, eq(jobCidade.id, jobs.cidadeId))
    .leftJoin(jobEstado, eq(jobEstado.id, jobs.estadoId))
    .where(and(eq(jobs.entityUserId, row.userId), jobIsOpen))
    .orderBy(sql`${jobs.createdAt} desc nulls last`, sql`${jobs.id} desc nulls last`)
    .limit(ENTITY_PAGE_JOBS)

  const entity: PublicEntity = {
    slug: row.slug,
    nome: row.nome,
    tipoEntidade: row.tipoEntidade,
    cidade: row.cidade,
    uf: row.uf,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    linkedinUrl: safeUrl(row.linkedinUrl),
    site: safeUrl(row.site),
    createdAt: iso(row.createdAt),
  }
  return { entity, jobs: jobRows.map(toJobSummary) }
}

/** Links render as <a href>: only http(s) ever reaches a visitor (no javascript: or data: URLs). */
function safeUrl(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

/** How many of the newest open jobs the landing looks at to find who is hiring now. */
const HIRING_WINDOW = 1000

/**
 * The landing's 'Entidades & Instituições': the public entities hiring now (most open jobs among the newest
 * open jobs), then the newest entities. Bounded at any size: the window is read from JOBS's partial index
 * of open jobs by date, and the exact open-job counts only for the few chosen entities (by entity index);
 * the newest entities come from the created_at index.
 */
export async function listFeaturedEntities(db: Database, limit: number): Promise<FeaturedEntity[]> {
  const recent = db
    .select({ entityUserId: jobs.entityUserId })
    .from(jobs)
    .where(jobIsOpen)
    .orderBy(sql`${jobs.createdAt} desc nulls last`, sql`${jobs.id} desc nulls last`)
    .limit(HIRING_WINDOW)
    .as('recent')
  const hiring = await db
    .select({ userId: recent.entityUserId })
    .from(recent)
    .innerJoin(profiles, eq(profiles.userId, recent.entityUserId))
    .where(isPublicEntity)
    .groupBy(recent.entityUserId)
    .orderBy(sql`count(*) desc`, recent.entityUserId)
    .limit(limit)
  const counts = await openJobCounts(
    db,
    hiring.map((row) => row.userId),
  )
  // Exact counts may reorder the window's ranking.
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  counts.clear()
  for (const [id, n] of ranked) counts.set(id, n)

  const newest =
    hiring.length >= limit
      ? []
      : await db
          .select({ userId: profiles.userId })
          .from(profiles)
          .where(isPublicEntity)
          .orderBy(sql`${profiles.createdAt} desc`)
          .limit(limit)
  const ids = [...counts.keys()]
  for (const { userId } of newest) {
    if (ids.length >= limit) break
    if (!counts.has(userId)) ids.push(userId)
  }
  if (ids.length === 0) return []

  const rows = await db
    .select({
      userId: profiles.userId,
      slug: profiles.slug,
      nome: profiles.nomeEntidade,
      tipoEntidade: profiles.tipoEntidade,
      cidade: cidade.nome,
      uf: estado.sigla,
      avatarUrl: profiles.avatarUrl,
    })
    .from(profiles)
    .leftJoin(cidade, eq(cidade.id, profiles.cidadeId))
    .leftJoin(estado, eq(estado.id, profiles.estadoId))
    .where(and(inArray(profiles.userId, ids), isPublicEntity))
  const byId = new Map(rows.map((row) => [row.userId, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row?.slug || !row.nome) return []
    return [
      {
        slug: row.slug,
        nome: row.nome,
        tipoEntidade: row.tipoEntidade,
        cidade: row.cidade,
        uf: row.uf,
        avatarUrl: row.avatarUrl,
        openJobs: counts.get(id) ?? 0,
      },
    ]
  })
}

/** Open jobs per entity, for a handful of entities (each read through JOBS's per-entity index). */
async function openJobCounts(db: Database, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: jobs.entityUserId, openJobs: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(inArray(jobs.entityUserId, userIds), jobIsOpen))
    .groupBy(jobs.entityUserId)
  return new Map(rows.map((row) => [row.userId, Number(row.openJobs)]))
}
