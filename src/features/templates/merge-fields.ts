import type { HonorariosBody } from './templates.schema'

// The merge fields of document templates (issue 25): the catalogue the editor inserts from, the placeholder
// syntax shared by HTML templates and uploaded .docx files (`{grupo.campo}`), and the plain data a
// generation fills them from. Browser-safe: the editor lists the fields, the server fills them.
// The values themselves are written by merge-values.ts (re-exported below as buildMergeValues).

export const MERGE_GROUPS = ['cliente', 'caso', 'escritorio', 'advogado', 'honorarios', 'data'] as const
export type MergeGroup = (typeof MERGE_GROUPS)[number]
export const MERGE_GROUP_LABELS: Readonly<Record<MergeGroup, string>> = {
  cliente: 'Cliente',
  caso: 'Caso',
  escritorio: 'Escritório',
  advogado: 'Advogado',
  honorarios: 'Honorários',
  data: 'Datas',
}

export interface MergeField {
  key: string
  group: MergeGroup
  /** pt-BR, as the preview names a missing one: 'Campo sem valor: RG do cliente'. */
  label: string
}

const field = (key: string, label: string): MergeField => ({
  key,
  group: key.slice(0, key.indexOf('.')) as MergeGroup,
  label,
})

/**
 * Every field a template may use, in the order the editor lists them. A field that does not apply (the
 * CNPJ of a pessoa física, the parcelas of a fixed fee) has no value and shows as missing where used.
 */
export const MERGE_FIELDS: readonly MergeField[] = [
  field('cliente.qualificacao', 'Qualificação completa do cliente'),
  field('cliente.nome', 'Nome do cliente'),
  field('cliente.cpf_cnpj', 'CPF/CNPJ do cliente'),
  field('cliente.cpf', 'CPF do cliente'),
  field('cliente.rg', 'RG do cliente'),
  field('cliente.rg_orgao_emissor', 'Órgão emissor do RG'),
  field('cliente.nacionalidade', 'Nacionalidade do cliente'),
  field('cliente.estado_civil', 'Estado civil do cliente'),
  field('cliente.profissao', 'Profissão do cliente'),
  field('cliente.endereco_completo', 'Endereço completo do cliente'),
  field('cliente.endereco', 'Endereço do cliente (logradouro)'),
  field('cliente.cidade_uf', 'Cidade/UF do cliente'),
  field('cliente.cep', 'CEP do cliente'),
  field('cliente.email', 'E-mail do cliente'),
  field('cliente.telefone', 'Telefone do cliente'),
  field('cliente.razao_social', 'Razão social'),
  field('cliente.cnpj', 'CNPJ do cliente'),
  field('cliente.sede', 'Sede da empresa'),
  field('cliente.representante', 'Representante legal (qualificação)'),
  field('cliente.representante_nome', 'Nome do representante legal'),
  field('cliente.representante_cpf', 'CPF do representante legal'),
  field('cliente.representante_cargo', 'Cargo do representante legal'),
  field('caso.titulo', 'Título do caso'),
  field('caso.numero_cnj', 'Número do processo (CNJ)'),
  field('caso.tribunal', 'Tribunal'),
  field('caso.vara', 'Vara'),
  field('caso.area', 'Área jurídica'),
  field('caso.valor_causa', 'Valor da causa'),
  field('caso.valor_causa_extenso', 'Valor da causa por extenso'),
  field('escritorio.nome', 'Nome do escritório'),
  field('escritorio.cnpj', 'CNPJ do escritório'),
  field('escritorio.oab', 'Registro OAB do escritório'),
  field('escritorio.endereco', 'Endereço do escritório'),
  field('escritorio.telefone', 'Telefone do escritório'),
  field('advogado.nome', 'Nome do advogado'),
  field('advogado.oab', 'OAB do advogado'),
  field('advogado.email', 'E-mail do advogado'),
  // No record holds these: the substabelecimento's preview asks for them (see merge-values.ts).
  field('advogado.substabelecido_nome', 'Nome do advogado substabelecido'),
  field('advogado.substabelecido_oab', 'OAB do advogado substabelecido'),
  field('advogado.substabelecimento_reserva', 'Reserva de poderes (com reserva ou sem reserva)'),
  field('honorarios.clausula', 'Cláusula de honorários'),
  field('honorarios.modalidade', 'Modalidade dos honorários'),
  field('honorarios.valor', 'Valor dos honorários'),
  field('honorarios.valor_extenso', 'Valor dos honorários por extenso'),
  field('honorarios.parcelas', 'Número de parcelas'),
  field('honorarios.parcelas_extenso', 'Número de parcelas por extenso'),
  field('honorarios.valor_parcela', 'Valor da parcela'),
  field('honorarios.valor_parcela_extenso', 'Valor da parcela por extenso'),
  field('honorarios.percentual', 'Percentual dos honorários'),
  field('honorarios.percentual_extenso', 'Percentual dos honorários por extenso'),
  field('data.local_extenso', 'Local e data'),
  field('data.cidade', 'Cidade do documento'),
  field('data.extenso', 'Data por extenso'),
  field('data.hoje', 'Data de hoje'),
]

export const MERGE_FIELD_KEYS: ReadonlySet<string> = new Set(MERGE_FIELDS.map((f) => f.key))

const LABELS: ReadonlyMap<string, string> = new Map(MERGE_FIELDS.map((f) => [f.key, f.label]))

/** The pt-BR label of a field; an unknown key is named by itself. */
export function mergeFieldLabel(key: string): string {
  return LABELS.get(key) ?? key
}

/**
 * `{grupo.campo}`: lower-case ASCII words with digits and '_', one dot. Anything else between braces (CSS,
 * a JSON sample, `{ cliente.nome }` with spaces) is text, not a field.
 */
export const PLACEHOLDER_PATTERN = /\{([a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)\}/g

/** The distinct fields a text uses, in order of first appearance. */
export function findPlaceholders(text: string): string[] {
  const seen = new Set<string>()
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) if (match[1]) seen.add(match[1])
  return [...seen]
}

/** The fields a text uses that the catalogue does not know (a template with any is refused on save/upload). */
export function unknownPlaceholders(text: string): string[] {
  return findPlaceholders(text).filter((key) => !MERGE_FIELD_KEYS.has(key))
}

// ---- What a generation fills the fields from: plain data, read by the server (templates.sources.server.ts).

/** A client as stored: CPF/CNPJ, phone and CEP normalized (formatted ones are accepted too). */
export interface MergeClient {
  nomeCompleto: string
  tipoPessoa: 'fisica' | 'juridica'
  documento: string | null
  email: string | null
  telefone: string | null
  /** The street line: 'Rua das Flores, 10, apto 31'. */
  endereco: string | null
  cidade: string | null
  uf: string | null
  cep: string | null
  profissao: string | null
  nacionalidade: string | null
  /** A clients' ESTADOS_CIVIS code ('casado', 'uniao_estavel'…). */
  estadoCivil: string | null
  rg: string | null
  rgOrgaoEmissor: string | null
  representanteNome: string | null
  representanteCpf: string | null
  representanteCargo: string | null
}

export interface MergeCase {
  titulo: string
  /** 20 digits (or formatted). */
  numeroProcesso: string | null
  tribunal: string | null
  vara: string | null
  areaJuridica: string | null
  /** numeric as PostgreSQL prints it: '12345.67'. */
  valorCausa: string | null
}

export interface MergeOffice {
  nome: string
  cnpj: string | null
  /** The office's OAB registration as typed in its settings ('OAB/SP 12.345'). */
  oab: string | null
  endereco: string | null
  telefone?: string | null | undefined
}

export interface MergeLawyer {
  nome: string
  oabNumero: string | null
  oabUf: string | null
  email: string | null
}

/** The honorários typed when generating (templates.schema's honorariosBody, reused as is). */
export type MergeHonorarios = HonorariosBody

export interface MergeInput {
  client: MergeClient
  case?: MergeCase | null | undefined
  office: MergeOffice
  lawyer: MergeLawyer
  honorarios?: MergeHonorarios | null | undefined
  /** The moment of the generation; the dates are its day in America/Sao_Paulo. */
  now: Date
  /** The city the document is dated in ('São Paulo'); none leaves data.cidade missing. */
  city?: string | null | undefined
}

export { buildMergeValues } from './merge-values'
