import { describe, expect, it } from 'vitest'
import {
  buildMergeValues,
  MERGE_FIELD_KEYS,
  type MergeCase,
  type MergeClient,
  type MergeInput,
} from './merge-fields'
import { dataPorExtenso } from './merge-values'

// Every merge field's value, for a pessoa física and a pessoa jurídica, with and without a case and honorários.

const PF: MergeClient = {
  nomeCompleto: 'Maria da Silva',
  tipoPessoa: 'fisica',
  documento: '52998224725',
  email: 'maria@example.com',
  telefone: '11987654321',
  endereco: 'Rua das Flores, 10, apto 31',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01310100',
  profissao: 'engenheira',
  nacionalidade: 'brasileira',
  estadoCivil: 'casado',
  rg: '12.345.678-9',
  rgOrgaoEmissor: 'SSP/SP',
  representanteNome: null,
  representanteCpf: null,
  representanteCargo: null,
}

const PJ: MergeClient = {
  nomeCompleto: 'Construtora Exemplo Ltda.',
  tipoPessoa: 'juridica',
  documento: '11222333000181',
  email: 'contato@exemplo.com.br',
  telefone: '1133334444',
  endereco: 'Av. Paulista, 1000, 10º andar',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01310100',
  profissao: null,
  nacionalidade: null,
  estadoCivil: null,
  rg: null,
  rgOrgaoEmissor: null,
  representanteNome: 'Carlos Diretor',
  representanteCpf: '52998224725',
  representanteCargo: 'sócio-administrador',
}

const CASE: MergeCase = {
  titulo: 'Ação de indenização por danos morais',
  numeroProcesso: '00012347120248260100',
  tribunal: 'TJSP',
  vara: '1ª Vara Cível',
  areaJuridica: 'Civil',
  valorCausa: '150000.00',
}

const base: MergeInput = {
  client: PF,
  office: {
    nome: 'Silva & Souza Advogados',
    cnpj: '11222333000181',
    oab: 'OAB/SP 12.345',
    endereco: 'Rua Direita, 50, São Paulo/SP',
    telefone: '1132105000',
  },
  lawyer: { nome: 'Ana Advogada', oabNumero: '123456', oabUf: 'sp', email: 'ana@silva.adv.br' },
  // 12:00 in São Paulo.
  now: new Date('2026-11-27T15:00:00Z'),
  city: 'São Paulo',
}

const NO_CASE = {
  'caso.titulo': null,
  'caso.numero_cnj': null,
  'caso.tribunal': null,
  'caso.vara': null,
  'caso.area': null,
  'caso.valor_causa': null,
  'caso.valor_causa_extenso': null,
}
const NO_HONORARIOS = {
  'honorarios.clausula': null,
  'honorarios.modalidade': null,
  'honorarios.valor': null,
  'honorarios.valor_extenso': null,
  'honorarios.parcelas': null,
  'honorarios.parcelas_extenso': null,
  'honorarios.valor_parcela': null,
  'honorarios.valor_parcela_extenso': null,
  'honorarios.percentual': null,
  'honorarios.percentual_extenso': null,
}
const OFFICE_LAWYER_DATE = {
  'escritorio.nome': 'Silva & Souza Advogados',
  'escritorio.cnpj': '11.222.333/0001-81',
  'escritorio.oab': 'OAB/SP 12.345',
  'escritorio.endereco': 'Rua Direita, 50, São Paulo/SP',
  'escritorio.telefone': '(11) 3210-5000',
  'advogado.nome': 'Ana Advogada',
  'advogado.oab': 'OAB/SP 123.456',
  'advogado.email': 'ana@silva.adv.br',
  'advogado.substabelecido_nome': null,
  'advogado.substabelecido_oab': null,
  'advogado.substabelecimento_reserva': null,
  'data.local_extenso': 'São Paulo, 27 de novembro de 2026',
  'data.cidade': 'São Paulo',
  'data.extenso': '27 de novembro de 2026',
  'data.hoje': '27/11/2026',
}

describe('buildMergeValues', () => {
  it('gives a value (or null) for exactly the catalogue fields', () => {
    expect(new Set(Object.keys(buildMergeValues(base)))).toEqual(MERGE_FIELD_KEYS)
  })

  it('pessoa física without case or honorários: every field', () => {
    expect(buildMergeValues(base)).toEqual({
      'cliente.qualificacao':
        'Maria da Silva, brasileira, casado(a), engenheira, portador(a) da cédula de identidade RG nº ' +
        '12.345.678-9 SSP/SP, inscrito(a) no CPF sob o nº 529.982.247-25, residente e domiciliado(a) em ' +
        'Rua das Flores, 10, apto 31, São Paulo/SP, CEP 01310-100, e-mail maria@example.com',
      'cliente.nome': 'Maria da Silva',
      'cliente.cpf_cnpj': '529.982.247-25',
      'cliente.cpf': '529.982.247-25',
      'cliente.rg': '12.345.678-9',
      'cliente.rg_orgao_emissor': 'SSP/SP',
      'cliente.nacionalidade': 'brasileira',
      'cliente.estado_civil': 'casado(a)',
      'cliente.profissao': 'engenheira',
      'cliente.endereco_completo': 'Rua das Flores, 10, apto 31, São Paulo/SP, CEP 01310-100',
      'cliente.endereco': 'Rua das Flores, 10, apto 31',
      'cliente.cidade_uf': 'São Paulo/SP',
      'cliente.cep': '01310-100',
      'cliente.email': 'maria@example.com',
      'cliente.telefone': '(11) 98765-4321',
      'cliente.razao_social': null,
      'cliente.cnpj': null,
      'cliente.sede': null,
      'cliente.representante': null,
      'cliente.representante_nome': null,
      'cliente.representante_cpf': null,
      'cliente.representante_cargo': null,
      ...NO_CASE,
      ...OFFICE_LAWYER_DATE,
      ...NO_HONORARIOS,
    })
  })

  it('pessoa jurídica with a case: razão social, CNPJ, sede, representative, the case in R$ and words', () => {
    expect(buildMergeValues({ ...base, client: PJ, case: CASE })).toEqual({
      'cliente.qualificacao':
        'Construtora Exemplo Ltda., pessoa jurídica de direito privado, inscrita no CNPJ sob o nº ' +
        '11.222.333/0001-81, com sede em Av. Paulista, 1000, 10º andar, São Paulo/SP, CEP 01310-100, ' +
        'e-mail contato@exemplo.com.br, neste ato representada por Carlos Diretor, sócio-administrador, ' +
        'inscrito(a) no CPF sob o nº 529.982.247-25',
      'cliente.nome': 'Construtora Exemplo Ltda.',
      'cliente.cpf_cnpj': '11.222.333/0001-81',
      'cliente.cpf': null,
      'cliente.rg': null,
      'cliente.rg_orgao_emissor': null,
      'cliente.nacionalidade': null,
      'cliente.estado_civil': null,
      'cliente.profissao': null,
      'cliente.endereco_completo': 'Av. Paulista, 1000, 10º andar, São Paulo/SP, CEP 01310-100',
      'cliente.endereco': 'Av. Paulista, 1000, 10º andar',
      'cliente.cidade_uf': 'São Paulo/SP',
      'cliente.cep': '01310-100',
      'cliente.email': 'contato@exemplo.com.br',
      'cliente.telefone': '(11) 3333-4444',
      'cliente.razao_social': 'Construtora Exemplo Ltda.',
      'cliente.cnpj': '11.222.333/0001-81',
      'cliente.sede': 'Av. Paulista, 1000, 10º andar, São Paulo/SP, CEP 01310-100',
      'cliente.representante':
        'Carlos Diretor, sócio-administrador, inscrito(a) no CPF sob o nº 529.982.247-25',
      'cliente.representante_nome': 'Carlos Diretor',
      'cliente.representante_cpf': '529.982.247-25',
      'cliente.representante_cargo': 'sócio-administrador',
      'caso.titulo': 'Ação de indenização por danos morais',
      'caso.numero_cnj': '0001234-71.2024.8.26.0100',
      'caso.tribunal': 'TJSP',
      'caso.vara': '1ª Vara Cível',
      'caso.area': 'Civil',
      'caso.valor_causa': 'R$ 150.000,00',
      'caso.valor_causa_extenso': 'cento e cinquenta mil reais',
      ...OFFICE_LAWYER_DATE,
      ...NO_HONORARIOS,
    })
  })

  it('a sparse client: the qualification keeps what there is, the rest is null', () => {
    const sparse: MergeClient = {
      ...PF,
      documento: null,
      email: '  ',
      telefone: null,
      endereco: null,
      cidade: 'Campinas',
      uf: null,
      cep: null,
      profissao: null,
      nacionalidade: null,
      estadoCivil: 'uniao_estavel',
      rg: '1234567',
      rgOrgaoEmissor: null,
    }
    const v = buildMergeValues({ ...base, client: sparse })
    expect(v['cliente.qualificacao']).toBe(
      'Maria da Silva, em união estável, portador(a) da cédula de identidade RG nº 1234567, ' +
        'residente e domiciliado(a) em Campinas',
    )
    expect(v['cliente.endereco_completo']).toBe('Campinas')
    expect(v['cliente.cidade_uf']).toBe('Campinas')
    expect(v['cliente.email']).toBeNull()
    expect(v['cliente.cpf_cnpj']).toBeNull()
    expect(v['cliente.rg_orgao_emissor']).toBeNull()
  })

  it('a company without representative or CNPJ, and a lawyer without OAB', () => {
    const v = buildMergeValues({
      ...base,
      client: { ...PJ, documento: null, representanteNome: null, representanteCpf: '52998224725' },
      lawyer: { nome: 'Estela', oabNumero: null, oabUf: null, email: null },
      office: { nome: 'Escritório', cnpj: null, oab: null, endereco: null },
      city: null,
    })
    expect(v['cliente.qualificacao']).toBe(
      'Construtora Exemplo Ltda., pessoa jurídica de direito privado, com sede em Av. Paulista, 1000, ' +
        '10º andar, São Paulo/SP, CEP 01310-100, e-mail contato@exemplo.com.br',
    )
    expect(v['cliente.representante']).toBeNull()
    expect(v['advogado.oab']).toBeNull()
    expect(v['escritorio.cnpj']).toBeNull()
    expect(v['escritorio.telefone']).toBeNull()
    expect(v['data.local_extenso']).toBeNull()
    expect(v['data.cidade']).toBeNull()
    expect(v['data.extenso']).toBe('27 de novembro de 2026')
  })

  it('an OAB number with an odd shape is printed as given', () => {
    const v = buildMergeValues({ ...base, lawyer: { ...base.lawyer, oabNumero: '12345-A' } })
    expect(v['advogado.oab']).toBe('OAB/SP 12345-A')
  })

  it('a case without number or value, and a value beyond words', () => {
    const v = buildMergeValues({
      ...base,
      case: { ...CASE, numeroProcesso: null, valorCausa: '1000000000.00', vara: '', tribunal: null },
    })
    expect(v['caso.numero_cnj']).toBeNull()
    expect(v['caso.vara']).toBeNull()
    expect(v['caso.valor_causa']).toBe('R$ 1.000.000.000,00')
    // A billion is beyond the writer's range: left for the user rather than written wrong.
    expect(v['caso.valor_causa_extenso']).toBeNull()
  })
})

describe('honorários', () => {
  const clause =
    'Pelos serviços objeto deste contrato, o CONTRATANTE pagará ao CONTRATADO honorários advocatícios'

  it('fixo', () => {
    const v = buildMergeValues({ ...base, honorarios: { tipo: 'fixo', valor: '1.500,00' } })
    expect(v).toMatchObject({
      'honorarios.modalidade': 'valor fixo',
      'honorarios.valor': 'R$ 1.500,00',
      'honorarios.valor_extenso': 'mil e quinhentos reais',
      'honorarios.parcelas': null,
      'honorarios.valor_parcela': null,
      'honorarios.percentual': null,
      'honorarios.clausula': `${clause} no valor fixo de R$ 1.500,00 (mil e quinhentos reais), a serem pagos em parcela única.`,
    })
  })

  it('parcelado, even', () => {
    const v = buildMergeValues({ ...base, honorarios: { tipo: 'parcelado', valor: '6000.00', parcelas: 6 } })
    expect(v).toMatchObject({
      'honorarios.modalidade': 'valor fixo parcelado',
      'honorarios.valor': 'R$ 6.000,00',
      'honorarios.valor_extenso': 'seis mil reais',
      'honorarios.parcelas': '6',
      'honorarios.parcelas_extenso': 'seis',
      'honorarios.valor_parcela': 'R$ 1.000,00',
      'honorarios.valor_parcela_extenso': 'mil reais',
      'honorarios.clausula':
        `${clause} no valor total de R$ 6.000,00 (seis mil reais), a serem pagos em 6 (seis) parcelas mensais ` +
        'e sucessivas de R$ 1.000,00 (mil reais) cada.',
    })
  })

  it('parcelado, uneven: the last parcela takes the remainder and says so', () => {
    const v = buildMergeValues({ ...base, honorarios: { tipo: 'parcelado', valor: '1000', parcelas: 3 } })
    expect(v['honorarios.parcelas_extenso']).toBe('três')
    expect(v['honorarios.valor_parcela']).toBe('R$ 333,33, sendo a última de R$ 333,34')
    expect(v['honorarios.valor_parcela_extenso']).toBe(
      'trezentos e trinta e três reais e trinta e três centavos, sendo a última de trezentos e trinta e três ' +
        'reais e trinta e quatro centavos',
    )
    expect(v['honorarios.clausula']).toBe(
      `${clause} no valor total de R$ 1.000,00 (mil reais), a serem pagos em 3 (três) parcelas mensais e ` +
        'sucessivas, sendo 2 (duas) de R$ 333,33 (trezentos e trinta e três reais e trinta e três centavos) e a ' +
        'última de R$ 333,34 (trezentos e trinta e três reais e trinta e quatro centavos).',
    )
  })

  it('parcelado in one parcela, and 21 parcelas in the feminine', () => {
    const one = buildMergeValues({ ...base, honorarios: { tipo: 'parcelado', valor: '500', parcelas: 1 } })
    expect(one['honorarios.clausula']).toBe(
      `${clause} no valor total de R$ 500,00 (quinhentos reais), a serem pagos em parcela única.`,
    )
    const many = buildMergeValues({ ...base, honorarios: { tipo: 'parcelado', valor: '2100', parcelas: 21 } })
    expect(many['honorarios.parcelas_extenso']).toBe('vinte e uma')
    expect(many['honorarios.clausula']).toContain(
      'em 21 (vinte e uma) parcelas mensais e sucessivas de R$ 100,00 (cem reais) cada',
    )
  })

  it('ad exitum with a percentage, whole and decimal', () => {
    const v = buildMergeValues({ ...base, honorarios: { tipo: 'exito', percentual: '30' } })
    expect(v).toMatchObject({
      'honorarios.modalidade': 'ad exitum (êxito)',
      'honorarios.percentual': '30%',
      'honorarios.percentual_extenso': 'trinta por cento',
      'honorarios.valor': null,
      'honorarios.clausula':
        `${clause} ad exitum, correspondentes a 30% (trinta por cento) do proveito econômico obtido pelo ` +
        'CONTRATANTE, por decisão judicial ou acordo, devidos somente em caso de êxito e pagos à medida que os ' +
        'valores forem recebidos.',
    })
    const half = buildMergeValues({ ...base, honorarios: { tipo: 'exito', percentual: '12,5' } })
    expect(half['honorarios.percentual']).toBe('12,5%')
    expect(half['honorarios.percentual_extenso']).toBe('doze inteiros e cinco décimos por cento')
  })

  it('a modality without what it needs leaves the clause missing', () => {
    for (const honorarios of [
      { tipo: 'fixo' as const },
      { tipo: 'parcelado' as const, valor: '100' },
      { tipo: 'exito' as const, valor: '100' },
      { valor: '100' },
    ]) {
      expect(buildMergeValues({ ...base, honorarios })['honorarios.clausula']).toBeNull()
    }
  })

  it('a receipt: only the amount, in R$ and in words', () => {
    const v = buildMergeValues({ ...base, honorarios: { valor: '2000.01' } })
    expect(v['honorarios.valor']).toBe('R$ 2.000,01')
    expect(v['honorarios.valor_extenso']).toBe('dois mil reais e um centavo')
    expect(v['honorarios.modalidade']).toBeNull()
  })
})

describe('dates', () => {
  it('takes the day in São Paulo, the first of the month as an ordinal', () => {
    const lateNight = buildMergeValues({ ...base, now: new Date('2026-12-01T02:30:00Z') })
    expect(lateNight['data.hoje']).toBe('30/11/2026')
    expect(lateNight['data.extenso']).toBe('30 de novembro de 2026')
    const first = buildMergeValues({ ...base, now: new Date('2026-12-01T12:00:00Z') })
    expect(first['data.local_extenso']).toBe('São Paulo, 1º de dezembro de 2026')
    expect(dataPorExtenso('2027-03-05')).toBe('5 de março de 2027')
  })
})
