import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { insertSeedUsers } from '../auth/auth.public.server'
import { insertSeedProfiles } from '../profiles/profiles.public.server'
import { JOB_MODALIDADES, JOB_NIVEIS, JOB_TIPOS } from './jobs.constants'

// Realistic pt-BR demo jobs for seed:demo and the benchmark: titles by area and level, publishing
// entidades across the 27 states, ~15 % closed and ~3 % past their closing date, posted over the last
// 180 days. Math.random is fine: this is demo data. Rows go in as one JSON parameter per batch
// (json_populate_recordset), fast on both PGlite and PostgreSQL.

const AREAS = [
  'Direito Civil',
  'Direito Penal',
  'Direito Trabalhista',
  'Direito Empresarial',
  'Direito Tributário',
  'Direito Previdenciário',
  'Direito do Consumidor',
  'Direito de Família',
  'Direito Imobiliário',
  'Direito Bancário',
  'Direito Ambiental',
  'Direito Digital e LGPD',
  'Compliance',
  'Contratos',
  'Societário',
  'Contencioso Cível',
  'Propriedade Intelectual',
  'Direito Administrativo',
  'Licitações',
  'Agronegócio',
]
const ROLES: Record<(typeof JOB_TIPOS)[number], string[]> = {
  Emprego: [
    'Advogado(a)',
    'Advogado(a) Associado(a)',
    'Analista Jurídico',
    'Assistente Jurídico',
    'Paralegal',
  ],
  Estágio: ['Estágio em', 'Estagiário(a) de', 'Estágio Jurídico —'],
  Trainee: ['Programa Trainee Jurídico —', 'Trainee em'],
}
const ENTITY_PREFIXES = [
  'Escritório',
  'Sociedade de Advogados',
  'Instituto',
  'Grupo',
  'Associação',
  'Banco',
  'Construtora',
]
const ENTITY_NAMES = [
  'Almeida & Souza',
  'Horizonte',
  'Pereira Lima',
  'Nexus',
  'Castro Mendes',
  'Vale Verde',
  'Ribeiro Advogados',
  'Atlântico',
  'Monteiro & Costa',
  'Aurora',
  'Cardoso Teixeira',
  'Boa Vista',
  'Fonseca Barros',
  'Cerrado',
  'Rocha Martins',
  'Serra Azul',
]
const DESCRIPTIONS = [
  'Atuação em {area}: pesquisa de jurisprudência, elaboração de peças e acompanhamento processual.',
  'Apoio à equipe de {area} em audiências, prazos e atendimento a clientes.',
  'Vaga para reforçar o time de {area}, com contato direto com clientes corporativos.',
  'Rotina consultiva e contenciosa em {area}, com plano de carreira e mentoria.',
]
const SALARIES: Record<(typeof JOB_TIPOS)[number], string[]> = {
  Emprego: [
    'R$ 4.500,00',
    'R$ 6.000,00 a R$ 8.000,00',
    'R$ 9.000,00 + PLR',
    'A combinar',
    'R$ 3.200,00 + benefícios',
  ],
  Estágio: [
    'Bolsa de R$ 1.500,00',
    'Bolsa de R$ 1.800,00 + VT',
    'Bolsa de R$ 2.200,00',
    'Bolsa-auxílio a combinar',
  ],
  Trainee: ['R$ 5.500,00', 'R$ 6.200,00 + benefícios'],
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!

export interface SeedJobsOptions {
  count: number
  batchSize?: number
  /** Entities to spread the jobs over; created in bulk when fewer exist. */
  entities?: number
  onProgress?: (done: number, total: number) => void
}

/** Entidade users (no password: demo publishers only) until there are `wanted`; returns their ids and names. */
async function ensureEntities(db: Database, wanted: number) {
  const existing = await db.execute<{ user_id: string; nome: string }>(
    sql`select user_id, coalesce(nome_entidade, nome_completo) as nome from profiles where user_type = 'entidade' limit ${wanted}`,
  )
  const entities = existing.rows.map((row) => ({ id: row.user_id, nome: row.nome }))
  const cities = await db.execute<{ id: number; estado: number }>(
    sql`select distinct on (estado) id, estado from cidade order by estado, id`,
  )
  const places = cities.rows
  while (entities.length < wanted) {
    const batch = Array.from({ length: Math.min(1000, wanted - entities.length) }, () => {
      const id = randomUUID()
      const place = pick(places)
      const nome = `${pick(ENTITY_PREFIXES)} ${pick(ENTITY_NAMES)} ${id.slice(0, 4).toUpperCase()}`
      return {
        id,
        nome,
        email: `entidade-${id}@demo.jusconecta.test`,
        estado_id: place.estado,
        cidade_id: place.id,
      }
    })
    const payload = JSON.stringify(batch)
    await db.transaction(async (tx) => {
      await insertSeedUsers(
        tx,
        sql`select id, nome, email from json_populate_recordset(null::record, ${payload}::json)
          as r(id text, nome text, email text, estado_id int, cidade_id int)`,
      )
      await insertSeedProfiles(
        tx,
        ['user_id', 'user_type', 'nome_completo', 'nome_entidade', 'tipo_entidade', 'estado_id', 'cidade_id'],
        sql`select id, 'entidade', nome, nome, 'escritorio', estado_id, cidade_id
        from json_populate_recordset(null::record, ${payload}::json)
          as r(id text, nome text, email text, estado_id int, cidade_id int)`,
      )
    })
    entities.push(...batch.map(({ id, nome }) => ({ id, nome })))
  }
  return { entities, places }
}

export async function seedJobs(db: Database, options: SeedJobsOptions): Promise<number> {
  const { count, batchSize = 5000, onProgress } = options
  if (count <= 0) return 0
  const { entities, places } = await ensureEntities(
    db,
    options.entities ?? Math.min(3000, Math.max(20, Math.ceil(count / 30))),
  )
  const now = Date.now()
  let done = 0
  while (done < count) {
    const size = Math.min(batchSize, count - done)
    const rows = Array.from({ length: size }, () => {
      const entity = pick(entities)
      const tipo = pick(JOB_TIPOS)
      const area = pick(AREAS)
      const role = pick(ROLES[tipo])
      const nivel = tipo === 'Estágio' ? 'Estudante' : tipo === 'Trainee' ? 'Recém-formado' : pick(JOB_NIVEIS)
      const modalidade = pick(JOB_MODALIDADES)
      const remoto = modalidade === 'Remoto'
      const place = remoto && Math.random() < 0.5 ? null : pick(places)
      const created = new Date(now - Math.random() * 180 * 86_400_000)
      const roll = Math.random()
      const encerraEm =
        roll < 0.03
          ? new Date(created.getTime() + 86_400_000).toISOString().slice(0, 10)
          : roll < 0.5
            ? new Date(now + (10 + Math.random() * 80) * 86_400_000).toISOString().slice(0, 10)
            : null
      return {
        entity_user_id: entity.id,
        titulo: `${role} ${area}${tipo === 'Emprego' && nivel !== 'Estudante' ? ` ${nivel}` : ''}`.slice(
          0,
          160,
        ),
        empresa: Math.random() < 0.8 ? entity.nome : `${pick(ENTITY_PREFIXES)} ${pick(ENTITY_NAMES)}`,
        estado_id: place?.estado ?? null,
        cidade_id: place?.id ?? null,
        remoto,
        tipo,
        nivel,
        modalidade,
        salario: pick(SALARIES[tipo]),
        descricao: pick(DESCRIPTIONS).replace('{area}', area),
        requisitos: 'OAB ativa (para advogados) ou matrícula em Direito; boa redação; pacote Office.',
        encerra_em: encerraEm,
        status: Math.random() < 0.15 ? 'encerrada' : 'aberta',
        views: Math.floor(Math.random() * 400),
        created_at: created.toISOString(),
      }
    })
    await db.execute(sql`
      insert into jobs (entity_user_id, titulo, empresa, estado_id, cidade_id, remoto, tipo, nivel, modalidade,
        salario, descricao, requisitos, encerra_em, status, views, created_at, updated_at)
      select entity_user_id, titulo, empresa, estado_id, cidade_id, remoto, tipo, nivel, modalidade,
        salario, descricao, requisitos, encerra_em, status, views, created_at, created_at
      from json_populate_recordset(null::record, ${JSON.stringify(rows)}::json) as r(
        entity_user_id text, titulo text, empresa text, estado_id int, cidade_id int, remoto boolean, tipo text,
        nivel text, modalidade text, salario text, descricao text, requisitos text, encerra_em date, status text,
        views int, created_at timestamptz)`)
    done += size
    onProgress?.(done, count)
  }
  return done
}
