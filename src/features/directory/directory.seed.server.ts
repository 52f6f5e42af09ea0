import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { SPECIALTIES } from '../../lib/br/specialties'
import { insertSeedUsers } from '../auth/auth.public.server'
import { insertSeedPracticeAreas, insertSeedProfiles } from '../profiles/profiles.public.server'
import { SEED_BIOS, SEED_FIRST_NAMES, SEED_STATES, SEED_SURNAMES } from './directory.seed.data'

// Demo lawyers for the public directory (seed:demo --profiles N, bench directory): one INSERT … SELECT
// from generate_series per batch and table, so 1 M profiles need no round trip per row. Rows are
// deterministic in their number g (hashint4), so a re-run continues after the last seeded lawyer.
//
// Practice areas go in BEFORE their profiles: the profile's directory trigger then computes the order
// (verified + completeness) with the areas already there, and the areas' own trigger finds no profile
// to update yet (a cheap no-op).

export const SEED_EMAIL_DOMAIN = 'diretorio.seed.invalid'
const PICKS = 10_000
// The profile columns each seeded lawyer fills, in the order of the SELECT below.
const PROFILE_COLUMNS = [
  'user_id',
  'user_type',
  'nome_completo',
  'estado_id',
  'cidade_id',
  'oab_numero',
  'oab_estado',
  'oab_verificado_em',
  'perfil_publico',
  'atende_video',
  'mostrar_honorarios',
  'bio_profissional',
  'anos_experiencia',
  'linkedin_url',
  'faixa_honorarios_min',
  'faixa_honorarios_max',
  'last_seen_at',
  'created_at',
  'updated_at',
]

export interface SeedDirectoryOptions {
  count: number
  batchSize?: number
  onProgress?: (done: number, total: number) => void
}

/** Where each seeded lawyer lives: PICKS weighted (cidade_id, estado_id, UF) choices. */
async function buildCityPicks(
  db: Database,
): Promise<{ cidades: number[]; estados: number[]; ufs: string[] }> {
  const { rows } = await db.execute<{ cidade: number; estado: number; sigla: string; capital: boolean }>(sql`
    select c.id as cidade, e.id as estado, e.sigla, c.nome = caps.capital as capital
    from cidade c join estado e on e.id = c.estado
    join (select split_part(x, ':', 1) as sigla, split_part(x, ':', 2) as capital
          from unnest(string_to_array(${SEED_STATES.map(([uf, capital]) => `${uf}:${capital}`).join('|')}, '|')) x) caps
      on caps.sigla = e.sigla`)
  if (rows.length === 0) throw new Error('cidades ausentes: rode seedReferenceData antes')
  const byUf = new Map<string, typeof rows>()
  for (const row of rows) byUf.set(row.sigla, [...(byUf.get(row.sigla) ?? []), row])
  const picks = { cidades: [] as number[], estados: [] as number[], ufs: [] as string[] }
  let seed = 7
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648)
  for (const [uf, , weight] of SEED_STATES) {
    const cities = byUf.get(uf) ?? []
    const capital = cities.find((city) => city.capital) ?? cities[0]
    if (!capital) continue
    const n = Math.round((weight / 1000) * PICKS)
    for (let i = 0; i < n; i += 1) {
      // 45% in the capital, the rest spread over the state's municipalities.
      const city = i % 20 < 9 ? capital : (cities[next() % cities.length] ?? capital)
      picks.cidades.push(city.cidade)
      picks.estados.push(city.estado)
      picks.ufs.push(uf)
    }
  }
  return picks
}

/** Inserts `count` public-directory lawyers (users + profiles + practice areas); returns how many. */
export async function seedDirectoryProfiles(db: Database, options: SeedDirectoryOptions): Promise<number> {
  const { count, batchSize = 20_000, onProgress } = options
  if (count <= 0) return 0
  const picks = await buildCityPicks(db)
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users where email like ${`%@${SEED_EMAIL_DOMAIN}`}`,
  )
  const start = (rows[0]?.n ?? 0) + 1
  const list = (values: readonly (string | number)[]) => sql`string_to_array(${values.join('|')}, '|')`
  const firsts = list(SEED_FIRST_NAMES)
  const surnames = list(SEED_SURNAMES)
  const bios = list(SEED_BIOS)
  const areas = list(SPECIALTIES)
  const cidades = sql`${list(picks.cidades)}::int[]`
  const estados = sql`${list(picks.estados)}::int[]`
  const ufs = list(picks.ufs)
  const np = picks.cidades.length
  // h(g, k): a stable pseudo-random non-negative int per row and purpose.
  const h = (k: number) => sql.raw(`(hashint4(g * 31 + ${k}) & 2147483647)`)
  let done = 0
  onProgress?.(0, count)
  while (done < count) {
    const from = start + done
    const to = from + Math.min(batchSize, count - done) - 1
    await db.transaction(async (tx) => {
      await insertSeedUsers(
        tx,
        sql`select 'seed-dir-' || g, n.nome, 'advogado' || g || '@' || ${SEED_EMAIL_DOMAIN}
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select (${firsts})[1 + ${h(1)} % ${SEED_FIRST_NAMES.length}] || ' ' ||
          (${surnames})[1 + ${h(2)} % ${SEED_SURNAMES.length}] || ' ' ||
          (${surnames})[1 + ${h(3)} % ${SEED_SURNAMES.length}] as nome) n`,
      )
      // 1 to 3 distinct areas: a first one, then steps that can't wrap back onto it.
      await insertSeedPracticeAreas(
        tx,
        sql`select 'seed-dir-' || g, (${areas})[1 + (${h(4)} + k * (1 + ${h(5)} % 8)) % 25], k = 0
        from generate_series(${from}::int, ${to}::int) g
        cross join generate_series(0, 2) k
        where k <= ${h(6)} % 3`,
      )
      await insertSeedProfiles(
        tx,
        PROFILE_COLUMNS,
        sql`
        select u.id, 'advogado', u.name, (${estados})[p], (${cidades})[p],
          (1000 + (g::bigint * 104729) % 999000)::text, (${ufs})[p],
          case when ${h(7)} % 100 < 20 then now() - make_interval(days => ${h(8)} % 700) end,
          ${h(9)} % 100 >= 5, ${h(10)} % 100 < 40, ${h(11)} % 100 < 30,
          case when ${h(12)} % 100 < 60 then (${bios})[1 + ${h(13)} % ${SEED_BIOS.length}] end,
          case when ${h(14)} % 100 < 80 then ${h(15)} % 41 end,
          case when ${h(16)} % 100 < 20 then 'https://www.linkedin.com/in/advogado-' || g end,
          case when ${h(17)} % 100 < 35 then 150 + ${h(18)} % 10 * 50 end,
          case when ${h(17)} % 100 < 35 then 800 + ${h(19)} % 20 * 100 end,
          case when ${h(20)} % 100 < 3 then now() - make_interval(secs => ${h(21)} % 240)
               when ${h(20)} % 100 < 50 then now() - make_interval(hours => ${h(22)} % 2000) end,
          now() - make_interval(days => ${h(23)} % 1500), now()
        from generate_series(${from}::int, ${to}::int) g
        join users u on u.id = 'seed-dir-' || g
        cross join lateral (select 1 + ${h(24)} % ${np} as p) pick`,
      )
    })
    done += to - from + 1
    onProgress?.(done, count)
  }
  return count
}
