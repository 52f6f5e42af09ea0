import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { generateCnpj } from '../../lib/br/cnpj'
import { generateCpf } from '../../lib/br/cpf'
import { ufOfDdd } from '../../lib/br/phone'
import { foldText } from '../../lib/search-terms'
import type { ClientStatus, TipoPessoa } from './clients.schema'

// Realistic pt-BR demo clients for seed:demo, the benchmark and e2e. Math.random is fine: this is
// demo data. Rows go in as one JSON parameter per batch (json_populate_recordset), which is fast on
// both PGlite and PostgreSQL and stays far below the 65 535-parameter limit of a statement.

const FIRST_NAMES = [
  'Ana',
  'Maria',
  'João',
  'José',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Manoel',
  'Mateus',
  'André',
  'Fernando',
  'Fábio',
  'Leonardo',
  'Gustavo',
  'Guilherme',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Gabriela',
  'Vitória',
  'Beatriz',
  'Larissa',
  'Conceição',
  'Tatiane',
  'Débora',
  'Cláudia',
  'Sérgio',
  'Thiago',
  'Vinícius',
  'Caio',
  'Heloísa',
  'Helena',
  'Cecília',
  'Lívia',
  'Otávio',
  'Benedito',
]
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Conceição',
  'Brandão',
  'Magalhães',
  'Assunção',
  'Falcão',
  'Guimarães',
  'Simões',
  'Patrício',
  'Peçanha',
  'Cunha',
]
const CONNECTORS = ['', '', '', 'da ', 'de ', 'dos ']
const COMPANY_KINDS = [
  'Comércio de Alimentos',
  'Transportes',
  'Construções',
  'Serviços Médicos',
  'Tecnologia',
  'Indústria Têxtil',
  'Agropecuária',
  'Engenharia',
  'Consultoria',
  'Distribuidora',
  'Farmácia',
  'Padaria e Confeitaria',
  'Auto Peças',
  'Imobiliária',
  'Educação',
]
const COMPANY_SUFFIXES = ['Ltda', 'Ltda', 'S.A.', 'ME', 'EIRELI', 'Ltda - EPP']
const PROFESSIONS = [
  'Professor(a)',
  'Engenheiro(a)',
  'Médico(a)',
  'Enfermeiro(a)',
  'Comerciante',
  'Motorista',
  'Aposentado(a)',
  'Servidor(a) público(a)',
  'Empresário(a)',
  'Autônomo(a)',
  'Contador(a)',
  'Vendedor(a)',
  'Agricultor(a)',
  'Estudante',
  'Do lar',
  'Analista de sistemas',
  'Pedreiro',
]
const EMAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com.br',
  'uol.com.br',
  'terra.com.br',
  'bol.com.br',
]
const STREETS = ['Rua', 'Rua', 'Avenida', 'Travessa', 'Alameda', 'Praça']
const STREET_NAMES = [
  'das Flores',
  'Sete de Setembro',
  'XV de Novembro',
  'Tiradentes',
  'Dom Pedro II',
  'São João',
  'Getúlio Vargas',
  'Santos Dumont',
  'Marechal Deodoro',
  'da Consolação',
  'Brasil',
  'Rio Branco',
  'Independência',
  'das Palmeiras',
  'Castro Alves',
  'Barão do Rio Branco',
]

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1))

/** DDDs per state, so a client's phone matches its city. */
const DDDS_BY_STATE = new Map<string, string[]>()
for (let ddd = 11; ddd <= 99; ddd++) {
  const uf = ufOfDdd(ddd)
  if (uf) DDDS_BY_STATE.set(uf, [...(DDDS_BY_STATE.get(uf) ?? []), String(ddd)])
}

export interface SeedCity {
  id: number
  estadoId: number
  sigla: string
}

/** Every city with its state, to spread demo clients over the country. */
export async function loadSeedCities(db: Database): Promise<SeedCity[]> {
  const result = await db.execute<{ id: number; estado_id: number; sigla: string }>(
    sql`select c.id, c.estado as estado_id, e.sigla from cidade c join estado e on e.id = c.estado`,
  )
  return result.rows.map((row) => ({ id: Number(row.id), estadoId: Number(row.estado_id), sigla: row.sigla }))
}

function personName(): string {
  const first = pick(FIRST_NAMES)
  const middle = Math.random() < 0.4 ? ` ${pick(FIRST_NAMES)}` : ''
  return `${first}${middle} ${pick(CONNECTORS)}${pick(SURNAMES)} ${pick(SURNAMES)}`
}

function companyName(): string {
  const owner = Math.random() < 0.5 ? `${pick(SURNAMES)} & ${pick(SURNAMES)}` : pick(SURNAMES)
  return `${owner} ${pick(COMPANY_KINDS)} ${pick(COMPANY_SUFFIXES)}`
}

function emailOf(name: string, n: number): string {
  const words = foldText(name)
    .replace(/[^a-z ]/g, '')
    .split(' ')
    .filter((w) => w.length > 2)
  return `${words[0] ?? 'cliente'}.${words[words.length - 1] ?? 'x'}${n % 1000}@${pick(EMAIL_DOMAINS)}`
}

function phoneFor(sigla: string): string {
  const ddd = pick(DDDS_BY_STATE.get(sigla) ?? ['11'])
  return Math.random() < 0.8
    ? `${ddd}9${between(10_000_000, 99_999_999)}`
    : `${ddd}${between(2, 5)}${between(1_000_000, 9_999_999)}`
}

function statusOf(): ClientStatus {
  const r = Math.random()
  return r < 0.8 ? 'ativo' : r < 0.95 ? 'inativo' : 'suspenso'
}

export interface DemoClientRow {
  id: string
  office_id: string
  created_by: string | null
  nome_completo: string
  email: string | null
  telefone: string | null
  documento: string | null
  tipo_pessoa: TipoPessoa
  endereco: string | null
  cidade_id: number | null
  estado_id: number | null
  cep: string | null
  data_nascimento: string | null
  profissao: string | null
  observacoes: string | null
  status: ClientStatus
  created_at: string
  updated_at: string
}

export function fakeClient(
  n: number,
  ctx: { officeId: string; createdBy: string | null; cities: readonly SeedCity[]; createdAt: Date },
): DemoClientRow {
  const juridica = Math.random() < 0.2
  const nome = juridica ? companyName() : personName()
  const city = ctx.cities.length > 0 ? pick(ctx.cities) : null
  const iso = ctx.createdAt.toISOString()
  return {
    id: randomUUID(),
    office_id: ctx.officeId,
    created_by: ctx.createdBy,
    nome_completo: nome,
    email: Math.random() < 0.9 ? emailOf(nome, n) : null,
    telefone: Math.random() < 0.95 ? phoneFor(city?.sigla ?? 'SP') : null,
    documento:
      Math.random() < 0.95
        ? juridica
          ? generateCnpj({ alphanumeric: Math.random() < 0.1 })
          : generateCpf()
        : null,
    tipo_pessoa: juridica ? 'juridica' : 'fisica',
    endereco: `${pick(STREETS)} ${pick(STREET_NAMES)}, ${between(1, 3000)}`,
    cidade_id: city?.id ?? null,
    estado_id: city?.estadoId ?? null,
    cep: String(between(1_000_000, 99_999_999)).padStart(8, '0'),
    data_nascimento: juridica
      ? null
      : `${between(1940, 2005)}-${String(between(1, 12)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`,
    profissao: juridica ? null : pick(PROFESSIONS),
    observacoes: Math.random() < 0.1 ? 'Cliente indicado por outro cliente.' : null,
    status: statusOf(),
    created_at: iso,
    updated_at: iso,
  }
}

const CLIENT_COLUMNS = [
  'id',
  'office_id',
  'created_by',
  'nome_completo',
  'email',
  'telefone',
  'documento',
  'tipo_pessoa',
  'endereco',
  'cidade_id',
  'estado_id',
  'cep',
  'data_nascimento',
  'profissao',
  'observacoes',
  'status',
  'created_at',
  'updated_at',
].join(', ')

/** Inserts rows of the clients table (snake_case keys) in one statement. */
export async function insertClientRows(db: Database, rows: readonly DemoClientRow[]): Promise<void> {
  if (rows.length === 0) return
  await db.execute(
    sql`insert into clients (${sql.raw(CLIENT_COLUMNS)}) select ${sql.raw(CLIENT_COLUMNS)} from json_populate_recordset(null::clients, ${JSON.stringify(rows)}::json)`,
  )
}

export interface SeedClientsOptions {
  officeId: string
  createdBy?: string | null
  count: number
  /** Rows per INSERT (default 5000). */
  batchSize?: number
  /** created_at is spread over this many days before now (default 3 years), oldest first. */
  spreadDays?: number
  onProgress?: (done: number, total: number) => void
}

/** Adds `count` demo clients to an office; returns their ids (cases link to them). */
export async function seedClients(db: Database, options: SeedClientsOptions): Promise<string[]> {
  const cities = await loadSeedCities(db)
  const batchSize = options.batchSize ?? 5000
  const spreadMs = (options.spreadDays ?? 3 * 365) * 86_400_000
  const start = Date.now() - spreadMs
  const step = options.count > 0 ? spreadMs / options.count : 0
  const ids: string[] = []
  for (let done = 0; done < options.count;) {
    const size = Math.min(batchSize, options.count - done)
    const rows: DemoClientRow[] = []
    for (let i = 0; i < size; i++) {
      const n = done + i
      rows.push(
        fakeClient(n, {
          officeId: options.officeId,
          createdBy: options.createdBy ?? null,
          cities,
          createdAt: new Date(start + n * step),
        }),
      )
    }
    await insertClientRows(db, rows)
    for (const row of rows) ids.push(row.id)
    done += size
    options.onProgress?.(done, options.count)
  }
  return ids
}
