import { formatCep } from '../../lib/br/cep'
import { formatCnj } from '../../lib/br/cnj'
import { formatCnpj } from '../../lib/br/cnpj'
import { formatCpf } from '../../lib/br/cpf'
import { toISODate } from '../../lib/br/dates'
import { numeroPorExtensoFeminino, percentualPorExtenso, reaisPorExtenso } from '../../lib/br/extenso'
import { centsToBRL, parseBRLToCents, parseDecimalCents, splitInstallments } from '../../lib/br/money'
import { formatOab } from '../../lib/br/oab'
import { formatPhone } from '../../lib/br/phone'
import type { MergeCase, MergeClient, MergeHonorarios, MergeInput, MergeLawyer } from './merge-fields'

// The values of the merge fields (merge-fields.ts lists them) for one generation. A field with nothing to
// say is null, so the preview marks it ('Campo sem valor: …'); text is returned raw (merge-fill escapes it).
// The ready-made texts (the client's qualification, the honorários clause) read like a Brazilian procuração
// or contract and skip what the record lacks, so they are never null for a client that has a name.

type Values = Record<string, string | null>

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}
const joinParts = (parts: (string | null)[]): string | null => {
  const present = parts.filter((p): p is string => p !== null)
  return present.length === 0 ? null : present.join(', ')
}

/** 'R$ 1.500,00' with a plain space (PDF and DOCX fonts, and text search, handle it everywhere). */
export const brl = (cents: number): string => centsToBRL(cents).replace(/\u00a0/g, ' ')

/** An amount in words within R$ 999.999.999,99, else null (the user writes it: nothing wrong is printed). */
function extenso(cents: number): string | null {
  try {
    return reaisPorExtenso(cents)
  } catch {
    return null
  }
}

/** As a qualification writes it; the clients feature's codes (ESTADOS_CIVIS). */
const ESTADO_CIVIL_TEXT: Readonly<Record<string, string>> = {
  solteiro: 'solteiro(a)',
  casado: 'casado(a)',
  divorciado: 'divorciado(a)',
  separado: 'separado(a)',
  viuvo: 'viúvo(a)',
  uniao_estavel: 'em união estável',
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const

/** '27 de novembro de 2026', '1º de dezembro de 2026' (the first day is ordinal in pt-BR). */
export function dataPorExtenso(isoDate: string): string {
  const [year = '', month = '', day = ''] = isoDate.split('-')
  const d = Number(day)
  return `${d === 1 ? '1º' : String(d)} de ${MONTHS[Number(month) - 1] ?? ''} de ${year}`
}

function clientValues(c: MergeClient): Values {
  const pj = c.tipoPessoa === 'juridica'
  const documento = clean(c.documento)
  const doc = documento === null ? null : pj ? formatCnpj(documento) : formatCpf(documento)
  const cidadeUf = c.cidade && c.uf ? `${c.cidade}/${c.uf}` : (clean(c.cidade) ?? clean(c.uf))
  const cep = clean(c.cep) === null ? null : `CEP ${formatCep(c.cep)}`
  const enderecoCompleto = joinParts([clean(c.endereco), cidadeUf, cep])
  const rg = clean(c.rg)
  const orgao = clean(c.rgOrgaoEmissor)
  const estadoCivil = c.estadoCivil ? (ESTADO_CIVIL_TEXT[c.estadoCivil] ?? null) : null
  const email = clean(c.email)
  const repNome = clean(c.representanteNome)
  const repCpf = clean(c.representanteCpf) === null ? null : formatCpf(c.representanteCpf)
  const repCargo = clean(c.representanteCargo)
  const representante =
    repNome === null
      ? null
      : joinParts([repNome, repCargo, repCpf === null ? null : `inscrito(a) no CPF sob o nº ${repCpf}`])

  const qualificacao = pj
    ? joinParts([
        c.nomeCompleto.trim(),
        'pessoa jurídica de direito privado',
        doc === null ? null : `inscrita no CNPJ sob o nº ${doc}`,
        enderecoCompleto === null ? null : `com sede em ${enderecoCompleto}`,
        email === null ? null : `e-mail ${email}`,
        representante === null ? null : `neste ato representada por ${representante}`,
      ])
    : joinParts([
        c.nomeCompleto.trim(),
        clean(c.nacionalidade),
        estadoCivil,
        clean(c.profissao),
        rg === null
          ? null
          : `portador(a) da cédula de identidade RG nº ${rg}${orgao === null ? '' : ` ${orgao}`}`,
        doc === null ? null : `inscrito(a) no CPF sob o nº ${doc}`,
        enderecoCompleto === null ? null : `residente e domiciliado(a) em ${enderecoCompleto}`,
        email === null ? null : `e-mail ${email}`,
      ])

  return {
    'cliente.qualificacao': qualificacao,
    'cliente.nome': clean(c.nomeCompleto),
    'cliente.cpf_cnpj': doc,
    'cliente.cpf': pj ? null : doc,
    'cliente.rg': pj ? null : rg,
    'cliente.rg_orgao_emissor': pj ? null : orgao,
    'cliente.nacionalidade': pj ? null : clean(c.nacionalidade),
    'cliente.estado_civil': pj ? null : estadoCivil,
    'cliente.profissao': pj ? null : clean(c.profissao),
    'cliente.endereco_completo': enderecoCompleto,
    'cliente.endereco': clean(c.endereco),
    'cliente.cidade_uf': cidadeUf,
    'cliente.cep': cep === null ? null : formatCep(c.cep),
    'cliente.email': email,
    'cliente.telefone': clean(c.telefone) === null ? null : formatPhone(c.telefone),
    'cliente.razao_social': pj ? clean(c.nomeCompleto) : null,
    'cliente.cnpj': pj ? doc : null,
    'cliente.sede': pj ? enderecoCompleto : null,
    'cliente.representante': pj ? representante : null,
    'cliente.representante_nome': pj ? repNome : null,
    'cliente.representante_cpf': pj ? repCpf : null,
    'cliente.representante_cargo': pj ? repCargo : null,
  }
}

function caseValues(k: MergeCase | null | undefined): Values {
  const cents = k?.valorCausa ? parseDecimalCents(k.valorCausa) : null
  const numero = clean(k?.numeroProcesso)
  return {
    'caso.titulo': clean(k?.titulo),
    'caso.numero_cnj': numero === null ? null : formatCnj(numero),
    'caso.tribunal': clean(k?.tribunal),
    'caso.vara': clean(k?.vara),
    'caso.area': clean(k?.areaJuridica),
    'caso.valor_causa': cents === null ? null : brl(cents),
    'caso.valor_causa_extenso': cents === null ? null : extenso(cents),
  }
}

/** 'OAB/SP 123.456' (how a signature block and a procuração name the lawyer's registration). */
function lawyerOab(l: MergeLawyer): string | null {
  const numero = clean(l.oabNumero)
  const uf = clean(l.oabUf)?.toUpperCase() ?? null
  if (numero === null) return null
  if (uf === null) return `OAB ${numero}`
  try {
    return `OAB/${uf} ${formatOab(numero, uf).replace(/\/[A-Z]{2}$/, '')}`
  } catch {
    return `OAB/${uf} ${numero}`
  }
}

/** '20', '20,5', '20.5' → 20.5; null when absent or not a percentage. */
function parsePercent(value: string | undefined): number | null {
  const text = clean(value)?.replace(',', '.')
  if (!text || !/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null
  const n = Number(text)
  return n <= 100 ? n : null
}

const formatPercent = (n: number) => `${String(n).replace('.', ',')}%`

const MODALIDADE_TEXT = {
  fixo: 'valor fixo',
  parcelado: 'valor fixo parcelado',
  exito: 'ad exitum (êxito)',
} as const

/** The amounts of the honorários, in centavos, as typed when generating (none when absent or invalid). */
interface Fee {
  tipo: MergeHonorarios['tipo']
  total: number | null
  parcelas: number | null
  /** Every parcela but the last; the last takes the remainder of an uneven split (money.ts). */
  parcela: number | null
  ultima: number | null
  percent: number | null
}

function readFee(h: MergeHonorarios | null | undefined): Fee {
  const cents = h?.valor ? parseBRLToCents(h.valor) : null
  const total = cents !== null && cents > 0 ? cents : null
  const parcelas = h?.parcelas ?? null
  const split = total !== null && parcelas !== null ? splitInstallments(total, parcelas) : null
  return {
    tipo: h?.tipo,
    total,
    parcelas,
    parcela: split?.[0] ?? null,
    ultima: split?.[split.length - 1] ?? null,
    percent: parsePercent(h?.percentual),
  }
}

const withWords = (cents: number) => {
  const words = extenso(cents)
  return words === null ? brl(cents) : `${brl(cents)} (${words})`
}

function honorariosValues(h: MergeHonorarios | null | undefined): Values {
  const fee = readFee(h)
  const { total, parcelas, parcela, ultima, percent } = fee
  const uneven = parcela !== null && ultima !== null && ultima !== parcela
  return {
    'honorarios.clausula': honorariosClause(fee),
    'honorarios.modalidade': fee.tipo ? MODALIDADE_TEXT[fee.tipo] : null,
    'honorarios.valor': total === null ? null : brl(total),
    'honorarios.valor_extenso': total === null ? null : extenso(total),
    'honorarios.parcelas': parcelas === null ? null : String(parcelas),
    'honorarios.parcelas_extenso': parcelas === null ? null : numeroPorExtensoFeminino(parcelas),
    // An uneven split says so rather than round: 'R$ 333,33, sendo a última de R$ 333,34'.
    'honorarios.valor_parcela':
      parcela === null ? null : `${brl(parcela)}${uneven ? `, sendo a última de ${brl(ultima)}` : ''}`,
    'honorarios.valor_parcela_extenso':
      parcela === null || extenso(parcela) === null
        ? null
        : `${extenso(parcela) ?? ''}${uneven ? `, sendo a última de ${extenso(ultima) ?? ''}` : ''}`,
    'honorarios.percentual': percent === null ? null : formatPercent(percent),
    'honorarios.percentual_extenso': percent === null ? null : percentualPorExtenso(percent),
  }
}

const CLAUSE_INTRO =
  'Pelos serviços objeto deste contrato, o CONTRATANTE pagará ao CONTRATADO honorários advocatícios'

/**
 * The contract's honorários clause for the chosen modality; null (a missing field in the preview) until the
 * modality and what it needs are given. The seeded contract has this one `{honorarios.clausula}` instead of
 * three alternative clauses, so a document never carries the clauses of the other modalities.
 */
function honorariosClause({ tipo, total, parcelas, parcela, ultima, percent }: Fee): string | null {
  if (tipo === 'fixo' && total !== null) {
    return `${CLAUSE_INTRO} no valor fixo de ${withWords(total)}, a serem pagos em parcela única.`
  }
  if (tipo === 'parcelado' && total !== null && parcelas !== null && parcela !== null && ultima !== null) {
    const count = (n: number) => `${n} (${numeroPorExtensoFeminino(n)})`
    let plan: string
    if (parcelas === 1) plan = 'em parcela única'
    else if (parcela === ultima) {
      plan = `em ${count(parcelas)} parcelas mensais e sucessivas de ${withWords(parcela)} cada`
    } else {
      plan =
        `em ${count(parcelas)} parcelas mensais e sucessivas, sendo ${count(parcelas - 1)} de ` +
        `${withWords(parcela)} e a última de ${withWords(ultima)}`
    }
    return `${CLAUSE_INTRO} no valor total de ${withWords(total)}, a serem pagos ${plan}.`
  }
  if (tipo === 'exito' && percent !== null) {
    return (
      `${CLAUSE_INTRO} ad exitum, correspondentes a ${formatPercent(percent)} (${percentualPorExtenso(percent)}) ` +
      'do proveito econômico obtido pelo CONTRATANTE, por decisão judicial ou acordo, devidos somente em caso ' +
      'de êxito e pagos à medida que os valores forem recebidos.'
    )
  }
  return null
}

function dateValues(now: Date, city: string | null | undefined): Values {
  const iso = toISODate(now)
  const [year = '', month = '', day = ''] = iso.split('-')
  const porExtenso = dataPorExtenso(iso)
  const cidade = clean(city)
  return {
    'data.local_extenso': cidade === null ? null : `${cidade}, ${porExtenso}`,
    'data.cidade': cidade,
    'data.extenso': porExtenso,
    'data.hoje': `${day}/${month}/${year}`,
  }
}

/** Every catalogue field's value for this generation (null when it has none). */
export function buildMergeValues(input: MergeInput): Record<string, string | null> {
  const { office, lawyer } = input
  return {
    ...clientValues(input.client),
    ...caseValues(input.case),
    'escritorio.nome': clean(office.nome),
    'escritorio.cnpj': clean(office.cnpj) === null ? null : formatCnpj(office.cnpj),
    'escritorio.oab': clean(office.oab),
    'escritorio.endereco': clean(office.endereco),
    'escritorio.telefone': clean(office.telefone) === null ? null : formatPhone(office.telefone),
    'advogado.nome': clean(lawyer.nome),
    'advogado.oab': lawyerOab(lawyer),
    'advogado.email': clean(lawyer.email),
    // The other lawyer of a substabelecimento and the reserva are chosen per document: no record holds them,
    // so they are always missing and the preview asks for them (overrides), or they print as blanks.
    'advogado.substabelecido_nome': null,
    'advogado.substabelecido_oab': null,
    'advogado.substabelecimento_reserva': null,
    ...honorariosValues(input.honorarios),
    ...dateValues(input.now, input.city),
  }
}
