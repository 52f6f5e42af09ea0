import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateCnpj } from './cnpj'
import { generateCpf } from './cpf'
import {
  buildPixPayload,
  crc16CcittFalse,
  InvalidPixPayloadError,
  normalizePixKey,
  parsePixPayload,
  pixAmount,
  pixKeySchema,
  pixText,
  pixTxid,
} from './pix'

// The static example of the Banco Central's "Manual de Padrões para Iniciação do Pix" (annex I).
const BCB_MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D'

// The same receiver with an amount (R$ 1,00) and a txid; its CRC was computed apart from this module.
const WITH_AMOUNT_AND_TXID =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-42665544000052040000530398654041.005802BR5913Fulano de Tal6008BRASILIA62140510PEDIDO123463048672'

// A dynamic code issued by a PSP (OpenPix test account): point of initiation 12, URL instead of a key,
// amount 0.99 and a 25-character txid. Read here to prove the parser takes codes it did not write.
const PSP_DYNAMIC =
  '00020101021226950014br.gov.bcb.pix2573api.openpix.com.br/api/testaccount/qr/v1/76b78b30595a4adba28b1831eb65c0ff52040000530398654040.995802BR5921OXX_SOLUCOES_DIGITAIS6009Sao_Paulo6229052576b78b30595a4adba28b1831e63043D8B'

const MANUAL_KEY = '123e4567-e12b-12d1-a456-426655440000'

describe('crc16CcittFalse', () => {
  it('gives the standard check value of "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1)
  })

  it('reproduces the CRC of the BCB manual example (1D3D)', () => {
    expect(crc16CcittFalse(BCB_MANUAL_EXAMPLE.slice(0, -4))).toBe(0x1d3d)
  })
})

describe('buildPixPayload', () => {
  it('writes the BCB manual example exactly', () => {
    expect(buildPixPayload({ chave: MANUAL_KEY, nome: 'Fulano de Tal', cidade: 'BRASILIA' })).toBe(
      BCB_MANUAL_EXAMPLE,
    )
  })

  it('writes the amount (NN.NN) and the txid', () => {
    const payload = buildPixPayload({
      chave: MANUAL_KEY,
      nome: 'Fulano de Tal',
      cidade: 'BRASILIA',
      valorCents: 100,
      txid: 'PEDIDO1234',
    })
    expect(payload).toBe(WITH_AMOUNT_AND_TXID)
  })

  it('strips accents and cuts name (25) and city (15) to the manual sizes', () => {
    const payload = buildPixPayload({
      chave: MANUAL_KEY,
      nome: 'Escritório Conceição & Associados Advocacia',
      cidade: 'São José dos Campos do Sul',
      valorCents: 123456,
    })
    const parsed = parsePixPayload(payload)
    expect(parsed.nome).toBe('Escritorio Conceicao & As')
    expect(parsed.cidade).toBe('Sao Jose dos Ca')
    expect(parsed.valor).toBe('1234.56')
    expect(parsed.valorCents).toBe(123456)
    expect(parsed.txid).toBeNull()
  })

  it('keeps field 26 within 99 characters by cutting or dropping the description', () => {
    const descricao = 'Honorários advocatícios referentes ao processo 0001234-56.2026.8.26.0100'
    const email = `${'a'.repeat(30)}@exemplo.com.br`
    const parsed = parsePixPayload(
      buildPixPayload({ chave: email, nome: 'Fulano', cidade: 'Recife', descricao }),
    )
    expect(parsed.chave).toBe(email)
    // 99 minus the GUI (18), the key (4 + 45) and the description's own header (4).
    expect(parsed.descricao).toBe('Honorarios advocaticios refe')
    const longEmail = `${'a'.repeat(60)}@exemplo.com.br`
    const full = parsePixPayload(buildPixPayload({ chave: longEmail, nome: 'F', cidade: 'R', descricao }))
    expect(full.chave).toBe(longEmail)
    expect(full.descricao).toBeNull()
  })

  it('refuses a non-positive amount and an empty name', () => {
    expect(() => buildPixPayload({ chave: MANUAL_KEY, nome: 'A', cidade: 'B', valorCents: -1 })).toThrow(
      RangeError,
    )
    expect(() => buildPixPayload({ chave: MANUAL_KEY, nome: 'ção', cidade: 'B' })).not.toThrow()
    expect(() => buildPixPayload({ chave: MANUAL_KEY, nome: '   ', cidade: 'B' })).toThrow(RangeError)
  })
})

describe('parsePixPayload', () => {
  it('reads the BCB manual example', () => {
    expect(parsePixPayload(BCB_MANUAL_EXAMPLE)).toEqual({
      pointOfInitiation: null,
      chave: MANUAL_KEY,
      url: null,
      descricao: null,
      merchantCategoryCode: '0000',
      valor: null,
      valorCents: null,
      nome: 'Fulano de Tal',
      cidade: 'BRASILIA',
      cep: null,
      txid: null,
      crc: '1D3D',
    })
  })

  it('reads a PSP-issued dynamic code with amount and txid', () => {
    const parsed = parsePixPayload(PSP_DYNAMIC)
    expect(parsed.pointOfInitiation).toBe('12')
    expect(parsed.url).toBe('api.openpix.com.br/api/testaccount/qr/v1/76b78b30595a4adba28b1831eb65c0ff')
    expect(parsed.chave).toBeNull()
    expect(parsed.valorCents).toBe(99)
    expect(parsed.txid).toBe('76b78b30595a4adba28b1831e')
    expect(parsed.nome).toBe('OXX_SOLUCOES_DIGITAIS')
  })

  it('rejects a changed character (CRC)', () => {
    const tampered = BCB_MANUAL_EXAMPLE.replace('Fulano', 'Fulana')
    expect(() => parsePixPayload(tampered)).toThrow(/CRC inválido/)
  })

  it('rejects a wrong length even with a matching CRC', () => {
    // Field 59 claims 14 characters where 13 follow: the structure breaks although the CRC is recomputed.
    const body = BCB_MANUAL_EXAMPLE.slice(0, -4).replace('5913Fulano', '5914Fulano')
    const payload = body + crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0')
    expect(() => parsePixPayload(payload)).toThrow(InvalidPixPayloadError)
  })

  it('rejects a code without a Pix account, another currency or missing the CRC', () => {
    const resign = (body: string) => body + crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0')
    const otherGui = resign(BCB_MANUAL_EXAMPLE.slice(0, -4).replace('br.gov.bcb.pix', 'br.gov.bcb.xyz'))
    expect(() => parsePixPayload(otherGui)).toThrow(/conta Pix/)
    const dollars = resign(BCB_MANUAL_EXAMPLE.slice(0, -4).replace('5303986', '5303840'))
    expect(() => parsePixPayload(dollars)).toThrow(/moeda/)
    expect(() => parsePixPayload(BCB_MANUAL_EXAMPLE.slice(0, -8))).toThrow(/CRC/)
    expect(() => parsePixPayload('hello')).toThrow(InvalidPixPayloadError)
  })

  it('round-trips anything the generator writes', () => {
    const keyArb = fc.oneof(
      fc.uuid().map((u) => u.toLowerCase()),
      fc.emailAddress().filter((e) => e.length <= 77),
      fc.constant('+5511987654321'),
      fc.constant(generateCpf()),
    )
    fc.assert(
      fc.property(
        keyArb,
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 999_999_999_99 }), { nil: null }),
        fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: null }),
        (chave, nome, cidade, valorCents, txid) => {
          fc.pre(pixText(nome, 25) !== '' && pixText(cidade, 15) !== '')
          const parsed = parsePixPayload(buildPixPayload({ chave, nome, cidade, valorCents, txid }))
          expect(parsed.chave).toBe(chave)
          expect(parsed.nome).toBe(pixText(nome, 25))
          expect(parsed.cidade).toBe(pixText(cidade, 15))
          expect(parsed.valorCents).toBe(valorCents)
          expect(parsed.txid).toBe(txid === null ? null : pixTxid(txid))
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('helpers', () => {
  it('formats amounts as the manual asks', () => {
    expect(pixAmount(1)).toBe('0.01')
    expect(pixAmount(100)).toBe('1.00')
    expect(pixAmount(123456)).toBe('1234.56')
    expect(() => pixAmount(0)).toThrow(RangeError)
    expect(() => pixAmount(1.5)).toThrow(RangeError)
  })

  it('derives a txid of letters and digits, at most 25', () => {
    expect(pixTxid('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0F8FAD5BD9CB469FA16570867')
    expect(pixTxid('a-b')).toBe('AB')
  })
})

describe('pixKeySchema', () => {
  const parse = (tipo: string, chave: string) => pixKeySchema.safeParse({ tipo, chave })

  it('normalises each key type', () => {
    const cpf = generateCpf({ formatted: true })
    expect(parse('cpf', cpf).data).toEqual({ tipo: 'cpf', chave: cpf.replace(/\D/g, '') })
    expect(parse('cnpj', '12.abc.345/01de-35').data?.chave).toBe('12ABC34501DE35')
    const cnpj = generateCnpj({ formatted: true })
    expect(parse('cnpj', cnpj).data?.chave).toBe(cnpj.replace(/\D/g, ''))
    expect(parse('email', ' Contato@Escritorio.adv.br ').data?.chave).toBe('contato@escritorio.adv.br')
    expect(parse('telefone', '(11) 98765-4321').data?.chave).toBe('+5511987654321')
    expect(parse('telefone', '+55 21 99876-5432').data?.chave).toBe('+5521998765432')
    expect(parse('aleatoria', '123E4567-E12B-12D1-A456-426655440000').data?.chave).toBe(MANUAL_KEY)
  })

  it('rejects keys that do not fit their type, with a pt-BR message on chave', () => {
    const cases: [string, string, RegExp][] = [
      ['cpf', '111.111.111-11', /CPF inválido/],
      ['cnpj', '11.222.333/0001-80', /CNPJ inválido/],
      ['email', 'sem-arroba', /e-mail inválido/],
      ['telefone', '(11) 3456-7890', /celular/],
      ['telefone', '(00) 98765-4321', /celular/],
      ['aleatoria', 'not-a-uuid', /chave aleatória/],
    ]
    for (const [tipo, chave, message] of cases) {
      const result = parse(tipo, chave)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.path).toEqual(['chave'])
      expect(result.error?.issues[0]?.message).toMatch(message)
    }
    expect(parse('boleto', 'x').success).toBe(false)
    expect(parse('cpf', '').error?.issues[0]?.message).toBe('Informe a chave Pix.')
  })

  it('normalizePixKey returns null for an invalid key', () => {
    expect(normalizePixKey('cpf', '123')).toBeNull()
  })
})
