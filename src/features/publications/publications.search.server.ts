import { and, sql, type SQL } from 'drizzle-orm'
import { publications } from './publications.table.server'
import type { Executor } from './publications.visibility.server'

/**
 * The inbox's text search ('q'), newest first, at a million items per office.
 *
 * A trigram search (`like '%…%'` over the GIN index of texto_busca) pays for every trigram of the term: the
 * index decodes each trigram's whole posting list, and a trigram of the office's boilerplate ('int' of
 * 'intimada', 'de ') is in every item. So a term that is rare but spelled with common trigrams ('agravo
 * interno') read ~1 M index entries, then sorted every match by date. The page is found instead in two
 * steps that return exactly the same items in the same order:
 *   1. the office's newest WINDOW items (the date index, as the first page reads them) are tested one by
 *      one; when they hold a full page of matches, that is the page (a common term: no index search at all);
 *   2. otherwise the term is rare there: the GIN index is asked only for the term's trigrams that are
 *      rare among the newest SAMPLE items (every match contains them; the common ones, the expensive posting
 *      lists, are left out), and the whole pattern is then tested on those candidates alone, outside the
 *      index (a materialized CTE keeps it out of the index scan and keeps the planner from walking the
 *      date index row by row for a term it cannot find). Past CANDIDATES candidates, the plain search.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** The LIKE pattern of a term: folded like texto_busca ('intimacao' finds 'Intimação'). */
const textPattern = (q: string) => `%${escapeLike(q.toLowerCase())}%`

/** True when q is a process number (searched in numero_processo as well as in the text). */
function processDigits(q: string): string | null {
  const digits = q.replace(/[^0-9]/g, '')
  return digits.length >= 7 && /^[\d.\-\s/]+$/.test(q) ? digits : null
}

/** Accent- and case-blind search in the text (trigram index), or the process number when q is digits. */
export function searchCondition(q: string): SQL {
  const byText = sql`${publications.textoBusca} like f_unaccent(${textPattern(q)}) escape '\\'`
  const digits = processDigits(q)
  return digits === null ? byText : sql`(${publications.numeroProcesso} like ${`%${digits}%`} or ${byText})`
}

/** Newest disponibilização first, then DJEN id: the order of the (office, date desc, id desc) indexes. */
export const inboxOrder = (): SQL[] => [
  sql`${publications.dataDisponibilizacao} desc`,
  sql`${publications.djenId} desc`,
]

/** Items tested in date order before the index is asked (a few ms; a term in ≥ 3 % of them ends here). */
const WINDOW = 1000
/** Items the term's trigrams are counted in, to tell the rare ones, taken from SLICES points in time. */
const SAMPLE = 200
const SLICES = 40
/** A trigram in at most this share of the sample is rare enough to ask the index for (its list is short). */
const RARE_SHARE = 0.05
/** Candidates of the rare trigrams read at most (~10 ms); past that the plain search runs. */
const CANDIDATES = 8000
/** Rare trigrams asked for, the rarest first (a 100-character term has up to 98). */
const MAX_TRIGRAMS = 8

const orderBy = () => sql.join(inboxOrder(), sql`, `)

/** Where a searched page is looked for: the office's items past the cursor, and every other condition. */
export interface SearchScope {
  /** The office and the keyset cursor: a range of the (office, date desc, id desc) index. */
  range: SQL[]
  /** Visibility and the filters (status, tribunal, OAB, case, period). */
  filters: SQL[]
}

/**
 * Ids of the first `n` items matching q in the scope, newest first — exactly the rows
 * `where range and filters and searchCondition(q) order by inboxOrder limit n` returns.
 */
export async function searchPageIds(
  db: Executor,
  scope: SearchScope,
  q: string,
  n: number,
): Promise<string[]> {
  const range = and(...scope.range)
  const condition = searchCondition(q)
  const wanted = and(...scope.filters, condition)

  // 1. The office's newest WINDOW items past the cursor, whatever the filters (so the walk is bounded by the
  //    index range, not by how many items pass them), tested in order; the limit stops at the n-th match.
  //    Any match outside the window is older than all of them: n matches inside are the page.
  const window = await db.execute<{ id: string }>(sql`
    select w.id from (
      select ${publications.id} as id, ${publications.dataDisponibilizacao} as d, ${publications.djenId} as j,
             (${wanted}) as hit
        from ${publications} where ${range} order by ${orderBy()} limit ${WINDOW}
    ) w where w.hit order by w.d desc, w.j desc limit ${n}`)
  if (window.rows.length >= n) return window.rows.map((r) => r.id)

  // 2. A rare term (or none). Its rare trigrams: 3-letter runs of the pattern itself, so every match holds them.
  const where = and(range, ...scope.filters)
  const grams = processDigits(q) === null ? await rareTrigrams(db, range, q) : []
  if (grams.length > 0) {
    const byGrams = sql.join(
      grams.map((g) => sql`${publications.textoBusca} like ${`%${g}%`}`),
      sql` and `,
    )
    // At most CANDIDATES items are read: more means the sample misjudged the trigrams (a term rare among
    // the newest items but common in older ones), and the plain search below serves it better.
    const found = await db.execute<{ candidates: number; ids: string[] }>(sql`
      with c as materialized (
        select ${publications.id}, ${publications.dataDisponibilizacao}, ${publications.djenId},
               ${publications.textoBusca}
          from ${publications} where ${where} and ${byGrams} limit ${CANDIDATES}
      )
      select (select count(*) from c)::int as candidates,
             array(select ${publications.id} from c as ${publications} where ${condition}
                    order by ${orderBy()} limit ${n})::text[] as ids`)
    const row = found.rows[0]
    if (row && row.candidates < CANDIDATES) return row.ids
  }
  // Every trigram is common (or q is a process number): the index with the whole pattern, as before.
  const rows = await db
    .select({ id: publications.id })
    .from(publications)
    .where(and(where, condition))
    .orderBy(...inboxOrder())
    .limit(n)
  return rows.map((r) => r.id)
}

/** Up to MAX_TRIGRAMS trigrams of q's pattern in at most RARE_SHARE of SAMPLE items, rarest first. */
async function rareTrigrams(db: Executor, range: SQL | undefined, q: string): Promise<string[]> {
  // The sample: SAMPLE / SLICES items at each of SLICES dates spread over the office's range (the newest
  // alone would judge by this week's wording), read once (materialized), not once per trigram.
  const counts = await db.execute<{ g: string; hits: number; sampled: number }>(sql`
    with b as (
      select min(${publications.dataDisponibilizacao}) as lo, max(${publications.dataDisponibilizacao}) as hi
        from ${publications} where ${range}
    ), s as materialized (
      select x.t from b, generate_series(0, ${SLICES - 1}) k, lateral (
        select ${publications.textoBusca} as t from ${publications}
         where ${range} and ${publications.dataDisponibilizacao} <= b.hi - ((b.hi - b.lo) * k / ${SLICES})
         order by ${orderBy()} limit ${SAMPLE / SLICES}) x
    ), g as (
      select distinct substr(p.p, i, 3) as g
        from (select f_unaccent(${textPattern(q)}) as p) p, generate_series(1, length(p.p) - 2) i
    )
    select g.g, count(*) filter (where strpos(s.t, g.g) > 0)::int as hits, count(*)::int as sampled
      from g cross join s
     where g.g ~ '^[a-z0-9]{3}$'
     group by g.g`)
  return counts.rows
    .filter((r) => r.hits <= RARE_SHARE * r.sampled)
    .sort((a, b) => a.hits - b.hits || a.g.localeCompare(b.g))
    .slice(0, MAX_TRIGRAMS)
    .map((r) => r.g)
}
