import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { courtOf, generateCnj } from '../../lib/br/cnj'
import { CASE_AREAS, type CaseArea, type CaseStatus } from './cases.schema'

// Realistic pt-BR demo cases for seed:demo, the benchmark and e2e (Math.random: demo data only).

const TITLES: Readonly<Record<CaseArea, readonly string[]>> = {
  Civil: [
    'Ação de cobrança',
    'Indenização por danos morais',
    'Usucapião extraordinária',
    'Despejo por falta de pagamento',
    'Revisão contratual',
  ],
  Trabalhista: [
    'Reclamação trabalhista',
    'Horas extras e reflexos',
    'Reconhecimento de vínculo',
    'Adicional de insalubridade',
    'Verbas rescisórias',
  ],
  Penal: [
    'Defesa em ação penal',
    'Habeas corpus',
    'Queixa-crime por difamação',
    'Revisão criminal',
    'Execução penal',
  ],
  Tributário: [
    'Mandado de segurança — ICMS',
    'Execução fiscal',
    'Repetição de indébito',
    'Anulatória de débito fiscal',
    'Exclusão do ICMS da base do PIS/COFINS',
  ],
  Empresarial: [
    'Recuperação judicial',
    'Dissolução parcial de sociedade',
    'Cobrança de duplicatas',
    'Falência',
    'Apuração de haveres',
  ],
  Família: [
    'Divórcio consensual',
    'Ação de alimentos',
    'Guarda compartilhada',
    'Inventário e partilha',
    'Investigação de paternidade',
  ],
  Previdenciário: [
    'Aposentadoria por idade',
    'Auxílio-doença',
    'Benefício de prestação continuada',
    'Pensão por morte',
    'Revisão da vida toda',
  ],
  Consumidor: [
    'Cobrança indevida',
    'Negativação indevida',
    'Vício do produto',
    'Cancelamento de voo',
    'Plano de saúde — negativa de cobertura',
  ],
  Ambiental: [
    'Ação civil pública ambiental',
    'Defesa em auto de infração',
    'Licenciamento ambiental',
    'Reparação de dano ambiental',
    'Área de preservação permanente',
  ],
  Administrativo: [
    'Mandado de segurança — concurso',
    'Improbidade administrativa',
    'Licitação — impugnação',
    'Desapropriação',
    'Processo administrativo disciplinar',
  ],
}
const VARAS: Readonly<Record<CaseArea, string>> = {
  Civil: 'Vara Cível',
  Trabalhista: 'Vara do Trabalho',
  Penal: 'Vara Criminal',
  Tributário: 'Vara da Fazenda Pública',
  Empresarial: 'Vara Empresarial',
  Família: 'Vara de Família e Sucessões',
  Previdenciário: 'Vara Federal Previdenciária',
  Consumidor: 'Juizado Especial Cível',
  Ambiental: 'Vara do Meio Ambiente',
  Administrativo: 'Vara da Fazenda Pública',
}
/** CNJ segment by area: 5 = Justiça do Trabalho, 4 = Federal, 8 = Estadual. */
const SEGMENT: Partial<Record<CaseArea, number>> = { Trabalhista: 5, Previdenciário: 4 }

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1))
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

function statusOf(): CaseStatus {
  const r = Math.random()
  return r < 0.3 ? 'aberto' : r < 0.7 ? 'andamento' : r < 0.9 ? 'concluido' : 'arquivado'
}

export interface DemoCaseRow {
  id: string
  office_id: string
  created_by: string | null
  client_id: string | null
  titulo: string
  numero_processo: string | null
  descricao: string | null
  area_juridica: CaseArea
  status: CaseStatus
  valor_causa: string | null
  data_inicio: string
  data_conclusao: string | null
  tribunal: string | null
  vara: string | null
  observacoes: string | null
  created_at: string
  updated_at: string
}

export function fakeCase(ctx: {
  officeId: string
  createdBy: string | null
  clientId: string | null
  createdAt: Date
}): DemoCaseRow {
  const area = pick(CASE_AREAS)
  const status = statusOf()
  const startMs = ctx.createdAt.getTime() - between(0, 30) * 86_400_000
  const year = new Date(startMs).getUTCFullYear()
  const numero =
    Math.random() < 0.9 ? generateCnj({ ano: year, segmento: SEGMENT[area] ?? 8, formatted: false }) : null
  const done = status === 'concluido' || status === 'arquivado'
  const iso = ctx.createdAt.toISOString()
  return {
    id: randomUUID(),
    office_id: ctx.officeId,
    created_by: ctx.createdBy,
    client_id: ctx.clientId,
    titulo: `${pick(TITLES[area])}${Math.random() < 0.5 ? ` nº ${between(1, 999)}/${year}` : ''}`,
    numero_processo: numero,
    descricao: Math.random() < 0.5 ? 'Acompanhar publicações e prazos no diário oficial.' : null,
    area_juridica: area,
    status,
    valor_causa: Math.random() < 0.85 ? (between(100_000, 50_000_000) / 100).toFixed(2) : null,
    data_inicio: isoDay(startMs),
    data_conclusao: done ? isoDay(startMs + between(30, 900) * 86_400_000) : null,
    tribunal: numero === null ? null : (courtOf(numero)?.sigla ?? null),
    vara: `${between(1, 12)}ª ${VARAS[area]}`,
    observacoes: null,
    created_at: iso,
    updated_at: iso,
  }
}

const CASE_COLUMNS = [
  'id',
  'office_id',
  'created_by',
  'client_id',
  'titulo',
  'numero_processo',
  'descricao',
  'area_juridica',
  'status',
  'valor_causa',
  'data_inicio',
  'data_conclusao',
  'tribunal',
  'vara',
  'observacoes',
  'created_at',
  'updated_at',
].join(', ')

export async function insertCaseRows(db: Database, rows: readonly DemoCaseRow[]): Promise<void> {
  if (rows.length === 0) return
  await db.execute(
    sql`insert into cases (${sql.raw(CASE_COLUMNS)}) select ${sql.raw(CASE_COLUMNS)} from json_populate_recordset(null::cases, ${JSON.stringify(rows)}::json)`,
  )
}

export interface SeedCasesOptions {
  officeId: string
  createdBy?: string | null
  count: number
  /** Clients to link to (90 % of the cases get one at random); empty → no links. */
  clientIds?: readonly string[]
  batchSize?: number
  spreadDays?: number
  onProgress?: (done: number, total: number) => void
}

/** Adds `count` demo cases to an office; returns their ids. */
export async function seedCases(db: Database, options: SeedCasesOptions): Promise<string[]> {
  const batchSize = options.batchSize ?? 5000
  const spreadMs = (options.spreadDays ?? 3 * 365) * 86_400_000
  const start = Date.now() - spreadMs
  const step = options.count > 0 ? spreadMs / options.count : 0
  const clientIds = options.clientIds ?? []
  const ids: string[] = []
  for (let done = 0; done < options.count;) {
    const size = Math.min(batchSize, options.count - done)
    const rows: DemoCaseRow[] = []
    for (let i = 0; i < size; i++) {
      rows.push(
        fakeCase({
          officeId: options.officeId,
          createdBy: options.createdBy ?? null,
          clientId: clientIds.length > 0 && Math.random() < 0.9 ? pick(clientIds) : null,
          createdAt: new Date(start + (done + i) * step),
        }),
      )
    }
    await insertCaseRows(db, rows)
    for (const row of rows) ids.push(row.id)
    done += size
    options.onProgress?.(done, options.count)
  }
  return ids
}
