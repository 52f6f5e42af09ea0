import type { Specialty } from '../../lib/br/specialties'
import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { formatOab } from '../../lib/br/oab'
import { isUf, type Uf } from '../../lib/br/uf'
import {
  DIRECTORY_PAGE_SIZE,
  ONLINE_WINDOW_MINUTES,
  type LawyerCardDto,
  type LawyerSearchPage,
  type LawyerSearchQuery,
} from './directory.schema'
import {
  decodeCursor,
  encodeCursor,
  escapeLike,
  WALK_CAP,
  parseSearchText,
  segmentsFor,
  type Cursor,
  type SearchText,
  type Segment,
} from './directory.search'

export class BadCursorError extends Error {}

// Every query here reads only public lawyers (the partial indexes carry the same predicate).
const PUBLIC_LAWYER = sql`p.perfil_publico and p.user_type = 'advogado'`
const NAME = sql`f_unaccent(lower(p.nome_completo))`
const OAB_DIGITS = sql`ltrim(regexp_replace(p.oab_numero, '[^0-9]', '', 'g'), '0')`

interface CardRow extends Record<string, unknown> {
  id: string
  user_id: string
  slug: string
  nome_completo: string
  oab_numero: string | null
  oab_estado: string | null
  verified: boolean
  cidade_id: number | null
  estado_id: number | null
  atende_video: boolean
  online: boolean
  avatar_url: string | null
  ordem_diretorio: number
  segment: number
}

const CARD_COLUMNS = sql`p.id, p.user_id, p.slug, p.nome_completo, p.oab_numero, p.oab_estado,
  p.oab_verificado_em is not null as verified, p.cidade_id, p.estado_id, p.atende_video,
  coalesce(p.last_seen_at > now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES}), false) as online,
  p.avatar_url, p.ordem_diretorio`

function filtersOf(query: LawyerSearchQuery, text: SearchText): SQL[] {
  const where: SQL[] = [PUBLIC_LAWYER]
  if (query.uf) where.push(sql`p.estado_id = (select e.id from estado e where e.sigla = ${query.uf})`)
  if (query.cidadeId !== undefined) where.push(sql`p.cidade_id = ${query.cidadeId}`)
  if (query.especialidade) {
    where.push(sql`exists (select 1 from lawyer_practice_areas a
      where a.user_id = p.user_id and a.area = ${query.especialidade})`)
  }
  if (text.kind === 'oab') {
    where.push(sql`${OAB_DIGITS} = ${text.number}`)
    if (text.uf) where.push(sql`p.oab_estado = ${text.uf}`)
  }
  return where
}

function verifiedFilter(segment: Segment): SQL[] {
  if (segment.verified === true) return [sql`p.ordem_diretorio >= 1000`]
  if (segment.verified === false) return [sql`p.ordem_diretorio < 1000`]
  return []
}

function matchFilter(text: SearchText, segment: Segment): SQL | null {
  if (text.kind !== 'name' || !segment.match) return null
  const needle = escapeLike(text.text)
  const contains = sql`${NAME} like '%' || f_unaccent(lower(${needle})) || '%' escape '\\'`
  const wordStart = sql`(${NAME} like f_unaccent(lower(${needle})) || '%' escape '\\'
    or ${NAME} like '% ' || f_unaccent(lower(${needle})) || '%' escape '\\')`
  return segment.match === 'word-start' ? wordStart : sql`${contains} and not ${wordStart}`
}

/**
 * One page of the public directory (spec §2 lawyer search, issue 13). Keyset paging: the cursor names the
 * last row's segment and (ordem_diretorio, id), so rows inserted meanwhile never shift or repeat a page.
 */
export async function searchLawyers(db: Database, query: LawyerSearchQuery): Promise<LawyerSearchPage> {
  const text = parseSearchText(query.q)
  const segments = segmentsFor(text)
  let cursor: Cursor | null = null
  if (query.cursor) {
    cursor = decodeCursor(query.cursor)
    if (!cursor || cursor.segment >= segments.length) throw new BadCursorError()
  }
  const base = filtersOf(query, text)
  // An OAB number matches a handful of rows: '+ 0' keeps the planner off the walk in rank order (which,
  // for a number nobody has, reads every public lawyer) and on the OAB index, then sorts the few matches.
  const rankOrder = text.kind === 'oab' ? sql`(p.ordem_diretorio + 0)` : sql`p.ordem_diretorio`
  const wanted = DIRECTORY_PAGE_SIZE + 1
  const segmentQuery = (index: number, limit: number, walkCap?: number) => {
    const segment = segments[index]!
    const where = [...base, ...verifiedFilter(segment)]
    if (cursor && index === cursor.segment) {
      where.push(sql`(p.ordem_diretorio, p.id) < (${cursor.rank}, ${cursor.id}::uuid)`)
    }
    const match = matchFilter(text, segment)
    // A bounded walk: the next walkCap rows in rank order, of which the matches (see readByName).
    if (walkCap !== undefined && match) {
      return sql`select * from (select ${CARD_COLUMNS}, ${index}::int as segment, ${match} as hit
        from profiles p where ${sql.join(where, sql` and `)}
        order by p.ordem_diretorio desc, p.id desc limit ${walkCap}) walk where hit limit ${limit}`
    }
    if (match) where.push(match)
    return sql`select ${CARD_COLUMNS}, ${index}::int as segment from profiles p
      where ${sql.join(where, sql` and `)}
      order by ${rankOrder} desc, p.id desc limit ${limit}`
  }
  const first = cursor?.segment ?? 0
  const rows =
    text.kind === 'name'
      ? await readByName(db, text.text, segments, first, wanted, segmentQuery)
      : (await db.execute<CardRow>(segmentQuery(first, wanted))).rows
  const pageRows = rows.slice(0, DIRECTORY_PAGE_SIZE)
  const last = pageRows.at(-1)
  const nextCursor =
    rows.length > DIRECTORY_PAGE_SIZE && last
      ? encodeCursor({ segment: last.segment, rank: last.ordem_diretorio, id: last.id })
      : null
  return { items: await toCards(db, pageRows), nextCursor }
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** 'walk': the rank index in order, matches filtered on the way; 'trigram': the trigram index, then a sort. */
function applyPlan(tx: Tx, plan: 'walk' | 'trigram') {
  const walk = plan === 'walk' ? 'on' : 'off'
  const bitmap = plan === 'walk' ? 'off' : 'on'
  // No parallel workers either: for a dozen rows their start-up costs more than the scan (≈ 15 ms measured).
  return tx.execute(sql`select set_config('enable_bitmapscan', ${bitmap}, true),
    set_config('enable_indexscan', ${walk}, true), set_config('enable_seqscan', ${walk}, true),
    set_config('max_parallel_workers_per_gather', '0', true)`)
}

/**
 * A name search reads its segments one by one, each with a plan chosen here rather than by the planner,
 * whose estimate for LIKE '%…%' is blind (measured at 1 M rows: it walked the whole rank index for a name
 * nobody has, 20 s). A word-start segment first walks the next WALK_CAP rows in rank order: a common name
 * ('silva') fills the page there in a millisecond. Only when that walk comes short (a rare name) is the
 * segment read through the trigram index, whose few matches are then sorted — the same rows, in the same
 * order. Matches inside a word are rare by nature: always the trigram index. Under 3 letters there is no
 * trigram: an unbounded walk.
 */
async function readByName(
  db: Database,
  text: string,
  segments: Segment[],
  first: number,
  wanted: number,
  segmentQuery: (index: number, limit: number, walkCap?: number) => SQL,
): Promise<CardRow[]> {
  const short = [...text].length < 3
  return db.transaction(async (tx) => {
    const found: CardRow[] = []
    let plan: 'walk' | 'trigram' | null = null
    const run = async (next: 'walk' | 'trigram', query: SQL) => {
      if (plan !== next) await applyPlan(tx, (plan = next))
      return (await tx.execute<CardRow>(query)).rows
    }
    for (let index = first; index < segments.length && found.length < wanted; index += 1) {
      const needed = wanted - found.length
      if (short) {
        found.push(...(await run('walk', segmentQuery(index, needed))))
        continue
      }
      if (segments[index]!.match === 'word-start') {
        const walked = await run('walk', segmentQuery(index, needed, WALK_CAP))
        if (walked.length === needed) {
          found.push(...walked)
          continue
        }
      }
      found.push(...(await run('trigram', segmentQuery(index, needed))))
    }
    return found
  })
}

interface PlaceRow extends Record<string, unknown> {
  id: number
  nome: string
  sigla: string
}
interface AreaRow extends Record<string, unknown> {
  user_id: string
  areas: Specialty[]
}
interface RatingRow extends Record<string, unknown> {
  user_id: string
  rating: string | null
  reviews: number
}

/** The page's cities, specialties and ratings: three small queries for at most 12 lawyers. */
export async function toCards(db: Database, rows: CardRow[]): Promise<LawyerCardDto[]> {
  if (rows.length === 0) return []
  const userIds = rows.map((row) => row.user_id)
  const cityIds = [...new Set(rows.flatMap((row) => (row.cidade_id === null ? [] : [row.cidade_id])))]
  const stateIds = [...new Set(rows.flatMap((row) => (row.estado_id === null ? [] : [row.estado_id])))]
  const userList = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const [cities, states, areas, ratings] = await Promise.all([
    cityIds.length
      ? db.execute<PlaceRow>(sql`select c.id, c.nome, '' as sigla from cidade c
          where c.id in (${sql.join(
            cityIds.map((id) => sql`${id}`),
            sql`, `,
          )})`)
      : Promise.resolve({ rows: [] as PlaceRow[] }),
    stateIds.length
      ? db.execute<PlaceRow>(sql`select e.id, e.nome, e.sigla from estado e
          where e.id in (${sql.join(
            stateIds.map((id) => sql`${id}`),
            sql`, `,
          )})`)
      : Promise.resolve({ rows: [] as PlaceRow[] }),
    db.execute<AreaRow>(sql`select a.user_id, array_agg(a.area order by a.principal desc, a.area) as areas
      from lawyer_practice_areas a where a.user_id in (${userList}) group by a.user_id`),
    db.execute<RatingRow>(sql`select r.lawyer_user_id as user_id, avg(r.rating)::numeric(3,2)::text as rating,
        count(*)::int as reviews
      from reviews r where r.lawyer_user_id in (${userList}) and r.hidden_at is null
      group by r.lawyer_user_id`),
  ])
  const cityName = new Map(cities.rows.map((row) => [row.id, row.nome]))
  const stateUf = new Map(states.rows.map((row) => [row.id, row.sigla]))
  const areasOf = new Map(areas.rows.map((row) => [row.user_id, row.areas]))
  const ratingOf = new Map(ratings.rows.map((row) => [row.user_id, row]))
  return rows.map((row) => {
    const uf = row.estado_id === null ? null : (stateUf.get(row.estado_id) ?? null)
    const rating = ratingOf.get(row.user_id)
    return {
      id: row.id,
      slug: row.slug,
      name: row.nome_completo,
      oab: cardOab(row.oab_numero, row.oab_estado),
      verified: row.verified,
      city: row.cidade_id === null ? null : (cityName.get(row.cidade_id) ?? null),
      state: isUf(uf) ? (uf as Uf) : null,
      specialties: areasOf.get(row.user_id) ?? [],
      rating: rating?.rating ? Number(rating.rating) : null,
      reviews: rating?.reviews ?? 0,
      isOnline: row.online,
      acceptsVideoCall: row.atende_video,
      avatar: row.avatar_url,
    }
  })
}

function cardOab(numero: string | null, uf: string | null): LawyerCardDto['oab'] {
  if (!numero || !isUf(uf)) return null
  const match = /^(\d{1,6})-?([A-Z])?$/.exec(numero.toUpperCase())
  if (!match?.[1] || !/[1-9]/.test(match[1])) return null
  return { number: match[1].replace(/^0+/, ''), uf, formatted: formatOab(match[1], uf, match[2] ?? null) }
}

/** The card row of one public lawyer by slug, or null (private, not a lawyer, unknown: all the same 404). */
export async function findPublicLawyer(db: Database, slug: string) {
  const { rows } = await db.execute<CardRow & { segment: number }>(
    sql`select ${CARD_COLUMNS}, 0 as segment from profiles p where p.slug = ${slug} and ${PUBLIC_LAWYER}`,
  )
  return rows[0] ?? null
}
