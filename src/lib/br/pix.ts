import { z } from 'zod'
import '../zod-pt-br'
import { isValidCnpj, normalizeCnpj } from './cnpj'
import { cpfDigits, isValidCpf } from './cpf'
import { isMobilePhone, phoneDigits } from './phone'

/**
 * Static Pix BR Code ("Pix copia e cola" and the QR's content), per the Banco Central's "Manual de Padrões
 * para Iniciação do Pix" (annex I, BR Code / EMV QRCPS-MPM). The payload is a run of TLV fields — 2-digit
 * id, 2-digit length, value — ending with a CRC16-CCITT-FALSE over everything before it, '6304' included.
 *
 * Only the fields a static charge needs are generated (00, 26, 52, 53, 54, 58, 59, 60, 62, 63); the parser
 * also accepts what banks add (01 point of initiation, 61 CEP, 26-25 URL of a dynamic code) so it can read
 * codes produced elsewhere.
 */

export const PIX_GUI = 'br.gov.bcb.pix'

/** Key types of the DICT (the Banco Central's key directory). */
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const
export type PixKeyType = (typeof PIX_KEY_TYPES)[number]

/** Field sizes the manual sets (a TLV value is at most 99 characters). */
export const PIX_LIMITS = { nome: 25, cidade: 15, txid: 25, chave: 77, valor: 13 } as const

export const PIX_MESSAGES = {
  tipo: 'Tipo de chave Pix inválido.',
  cpf: 'Chave Pix: CPF inválido.',
  cnpj: 'Chave Pix: CNPJ inválido.',
  email: 'Chave Pix: e-mail inválido.',
  telefone: 'Chave Pix: informe um celular com DDD (ex.: +55 11 98765-4321).',
  aleatoria: 'Chave Pix: a chave aleatória tem o formato 123e4567-e89b-12d3-a456-426614174000.',
  required: 'Informe a chave Pix.',
} as const

// ---------------------------------------------------------------------------------------------------------
// CRC

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8 bytes. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc
}

function crcHex(text: string): string {
  return crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, '0')
}

// ---------------------------------------------------------------------------------------------------------
// Keys

/**
 * A key as the DICT stores it: CPF/CNPJ digits only (CNPJ uppercase, alphanumeric allowed), e-mail
 * lowercase, phone '+55DDDNUMBER' (keys are mobile numbers), random key lowercase UUID.
 * Returns null when the key is not valid for its type.
 */
export function normalizePixKey(tipo: PixKeyType, chave: string): string | null {
  const value = chave.trim()
  switch (tipo) {
    case 'cpf':
      return isValidCpf(value) ? cpfDigits(value) : null
    case 'cnpj':
      return isValidCnpj(value) ? normalizeCnpj(value) : null
    case 'email': {
      const email = value.toLowerCase()
      const ok = email.length <= PIX_LIMITS.chave && z.email().safeParse(email).success
      return ok ? email : null
    }
    case 'telefone':
      return isMobilePhone(value) ? `+55${phoneDigits(value)}` : null
    case 'aleatoria': {
      const uuid = value.toLowerCase()
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid) ? uuid : null
    }
  }
}

/**
 * `{ tipo, chave }` checked by type and normalised (see normalizePixKey). The error sits on `chave` so a
 * form shows it under the key's input.
 */
export const pixKeySchema = z
  .object({
    tipo: z.enum(PIX_KEY_TYPES, { error: PIX_MESSAGES.tipo }),
    chave: z.string({ error: PIX_MESSAGES.required }).trim().min(1, PIX_MESSAGES.required),
  })
  .transform((value, ctx) => {
    const chave = normalizePixKey(value.tipo, value.chave)
    if (chave === null) {
      ctx.addIssue({ code: 'custom', path: ['chave'], message: PIX_MESSAGES[value.tipo] })
      return z.NEVER
    }
    return { tipo: value.tipo, chave }
  })
export type PixKey = z.output<typeof pixKeySchema>

// ---------------------------------------------------------------------------------------------------------
// Generating

/**
 * Names and cities travel without accents in uppercase-or-not ASCII (the manual restricts 59/60 to the
 * EMV "ans" set): 'São Paulo' → 'Sao Paulo'. Anything else printable-outside-ASCII is dropped.
 */
export function pixText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** A txid from any identifier: letters and digits only, at most 25 (the manual's limit for static codes). */
export function pixTxid(seed: string): string {
  return seed
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, PIX_LIMITS.txid)
}

/** 12345 cents → '123.45', the manual's amount format (dot decimal, no thousands separator). */
export function pixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError('Pix amount must be positive cents')
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
  if (text.length > PIX_LIMITS.valor) throw new RangeError('Pix amount too large')
  return text
}

function tlv(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) throw new RangeError(`Pix field ${id}: length ${value.length}`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

export interface PixPayloadInput {
  /** The key already normalised (normalizePixKey / pixKeySchema). */
  chave: string
  nome: string
  cidade: string
  /** Integer cents; omitted = the payer types the amount. */
  valorCents?: number | null | undefined
  /** Letters and digits, ≤ 25; omitted = '***' (no identifier). */
  txid?: string | null | undefined
  /** Free text shown to the payer by some banks (26-02); dropped when it does not fit field 26. */
  descricao?: string | null | undefined
}

/** The "Pix copia e cola" text of a static charge. Throws RangeError on a value that cannot be encoded. */
export function buildPixPayload(input: PixPayloadInput): string {
  const nome = pixText(input.nome, PIX_LIMITS.nome)
  const cidade = pixText(input.cidade, PIX_LIMITS.cidade)
  if (!nome || !cidade) throw new RangeError('Pix merchant name and city are required')
  const txid = input.txid ? pixTxid(input.txid) : '***'
  if (!txid) throw new RangeError('Pix txid must have letters or digits')

  const account = tlv('00', PIX_GUI) + tlv('01', input.chave)
  const descricao = input.descricao ? pixText(input.descricao, 99) : ''
  // Field 26 as a whole is limited to 99 characters: the description gets what the key leaves.
  const room = 99 - account.length - 4
  const merchantAccount = account + (descricao && room > 0 ? tlv('02', descricao.slice(0, room).trim()) : '')

  const body =
    tlv('00', '01') +
    tlv('26', merchantAccount) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.valorCents ? tlv('54', pixAmount(input.valorCents)) : '') +
    tlv('58', 'BR') +
    tlv('59', nome) +
    tlv('60', cidade) +
    tlv('62', tlv('05', txid)) +
    '6304'
  return body + crcHex(body)
}

// ---------------------------------------------------------------------------------------------------------
// Parsing

export class InvalidPixPayloadError extends Error {
  override name = 'InvalidPixPayloadError'
}

export interface PixPayloadFields {
  pointOfInitiation: '11' | '12' | null
  chave: string | null
  /** 26-25: the location of a dynamic code's charge (static codes have a key instead). */
  url: string | null
  descricao: string | null
  merchantCategoryCode: string
  /** '123.45' as written, or null when the payer chooses the amount. */
  valor: string | null
  valorCents: number | null
  nome: string
  cidade: string
  cep: string | null
  /** null when the code carries '***' (no identifier). */
  txid: string | null
  crc: string
}

type Fields = Map<string, string>

function readTlv(text: string, where: string): Fields {
  const fields: Fields = new Map()
  let at = 0
  while (at < text.length) {
    const head = text.slice(at, at + 4)
    if (!/^\d{4}$/.test(head))
      throw new InvalidPixPayloadError(`Campo malformado em ${where}, posição ${at}.`)
    const id = head.slice(0, 2)
    const length = Number(head.slice(2))
    const value = text.slice(at + 4, at + 4 + length)
    if (length === 0 || value.length !== length) {
      throw new InvalidPixPayloadError(`Tamanho inválido no campo ${id} de ${where}.`)
    }
    if (fields.has(id)) throw new InvalidPixPayloadError(`Campo ${id} repetido em ${where}.`)
    fields.set(id, value)
    at += 4 + length
  }
  return fields
}

function required(fields: Fields, id: string, what: string): string {
  const value = fields.get(id)
  if (value === undefined) throw new InvalidPixPayloadError(`Falta o campo ${id} (${what}).`)
  return value
}

function pixAccount(fields: Fields): Fields {
  // Merchant account templates live in ids 26-51; Pix's is the one whose GUI is br.gov.bcb.pix.
  for (let id = 26; id <= 51; id++) {
    const value = fields.get(String(id))
    if (value === undefined) continue
    const account = readTlv(value, `campo ${id}`)
    if (account.get('00')?.toLowerCase() === PIX_GUI) return account
  }
  throw new InvalidPixPayloadError('O código não contém uma conta Pix (br.gov.bcb.pix).')
}

function readPointOfInitiation(fields: Fields): '11' | '12' | null {
  const value = fields.get('01')
  if (value === undefined) return null
  // 11 = reusable (static), 12 = single use.
  if (value === '11' || value === '12') return value
  throw new InvalidPixPayloadError('Ponto de iniciação inválido no campo 01.')
}

function amountToCents(valor: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(valor)
  if (!match || valor.length > PIX_LIMITS.valor)
    throw new InvalidPixPayloadError('Valor inválido no campo 54.')
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (cents <= 0) throw new InvalidPixPayloadError('Valor inválido no campo 54.')
  return cents
}

/**
 * Reads a BR Code: checks the TLV structure (lengths, nesting), the CRC, the fixed fields (format '01',
 * currency 986, country BR) and the sizes of name, city and txid. Throws InvalidPixPayloadError (pt-BR).
 */
export function parsePixPayload(payload: string): PixPayloadFields {
  const text = payload.trim()
  if (!/^000201/.test(text)) throw new InvalidPixPayloadError('O código não começa com 000201.')
  if (!/6304[0-9A-Fa-f]{4}$/.test(text))
    throw new InvalidPixPayloadError('O código não termina com o CRC (6304).')
  const crc = text.slice(-4).toUpperCase()
  if (crcHex(text.slice(0, -4)) !== crc)
    throw new InvalidPixPayloadError('CRC inválido: o código foi alterado.')

  const fields = readTlv(text, 'o código')
  const keys = [...fields.keys()]
  if (keys[0] !== '00' || keys[keys.length - 1] !== '63') {
    throw new InvalidPixPayloadError('Ordem dos campos inválida.')
  }
  const account = pixAccount(fields)
  const pointOfInitiation = readPointOfInitiation(fields)
  if (required(fields, '53', 'moeda') !== '986')
    throw new InvalidPixPayloadError('A moeda deve ser 986 (real).')
  if (required(fields, '58', 'país') !== 'BR') throw new InvalidPixPayloadError('O país deve ser BR.')
  const nome = required(fields, '59', 'nome do recebedor')
  const cidade = required(fields, '60', 'cidade do recebedor')
  if (nome.length > PIX_LIMITS.nome)
    throw new InvalidPixPayloadError('Nome do recebedor acima de 25 caracteres.')
  if (cidade.length > PIX_LIMITS.cidade) throw new InvalidPixPayloadError('Cidade acima de 15 caracteres.')

  const additional = fields.has('62')
    ? readTlv(fields.get('62') ?? '', 'campo 62')
    : new Map<string, string>()
  const rawTxid = additional.get('05') ?? '***'
  if (rawTxid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(rawTxid)) {
    throw new InvalidPixPayloadError('txid inválido: até 25 letras e números.')
  }
  const chave = account.get('01') ?? null
  const url = account.get('25') ?? null
  if (chave === null && url === null) throw new InvalidPixPayloadError('A conta Pix não tem chave nem URL.')
  const valor = fields.get('54') ?? null

  return {
    pointOfInitiation,
    chave,
    url,
    descricao: account.get('02') ?? null,
    merchantCategoryCode: required(fields, '52', 'categoria'),
    valor,
    valorCents: valor === null ? null : amountToCents(valor),
    nome,
    cidade,
    cep: fields.get('61') ?? null,
    txid: rawTxid === '***' ? null : rawTxid,
    crc,
  }
}
