import { randomUUID } from 'node:crypto'

// Hostile requests for one operation of GET /api/openapi.json (issue 24, hostile-input.routes.test.ts):
// what a fuzzer or an attacker sends — wrong types, missing and extra fields, 100 kB strings, NUL and other
// control characters, emoji, markup and SQL, huge and negative numbers, impossible dates, broken JSON,
// wrong content types, hostile path and query values. Every body starts from a "plausible" one built
// from the operation's schema (required fields with believable values), so one bad field at a time
// reaches as deep as the route lets it: a body that is wrong everywhere would stop at the first check.

export interface JsonSchema {
  type?: string | string[]
  format?: string
  pattern?: string
  enum?: unknown[]
  const?: unknown
  title?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  minimum?: number
  exclusiveMinimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
}

export interface OperationDoc {
  parameters?: { in: string; name: string; schema?: JsonSchema }[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
}

export interface HostileRequest {
  /** What the request tries, for the failure list ("body: NUL in every text field"). */
  label: string
  url: string
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> }
}

export interface HostileContext {
  /** Path values of records that exist (a real client's id, a profile collection), by parameter name. */
  pathValues?: Record<string, string>
  today: string
  inAMonth: string
}

export const NUL = 'Texto\u0000com NUL'
export const BIG = 'A'.repeat(100_000)
const CONTROL = 'Sino\u0007 e escape\u001b[31m vermelho\u0008'
const MARKUP = '😀 <script>alert(1)</script><img src=x onerror=alert(1)> ção 🇧🇷'
const SQL = "' OR 1=1; DROP TABLE clients; -- \\'"
const BAD_DATES = ['2024-02-30', '0000-00-00', '2024-13-01', '99999-01-01', '2024-02-29T25:61:00Z']

/** Values for a path parameter: each replaces every path parameter of the operation at once. */
const HOSTILE_PATH_VALUES = [
  '%00',
  encodeURIComponent(BIG),
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('😀'),
  '-1',
  '99999999999999999999999',
  '2024-02-30',
  '..%2F..%2Fetc%2Fpasswd',
  '%ZZ%C0%80%ED%A0%80',
  'a%0Ab%09c%7F',
  '%EF%BF%BF%E2%80%AE',
]

/** Values for a query parameter: each goes to every query parameter of the operation at once. */
const HOSTILE_QUERY_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['100 kB', encodeURIComponent(BIG)],
  ['SQL', encodeURIComponent(SQL)],
  ['markup and emoji', encodeURIComponent(MARKUP)],
  ['negative', '-1'],
  ['huge', '1e308'],
  ['invalid date', '2024-02-30'],
  ['broken percent-encoding', '%ZZ%C0%80'],
  ['control characters', encodeURIComponent(CONTROL)],
]

/** Junk query strings sent to every operation, whatever it declares. */
const UNIVERSAL_QUERIES: [string, string][] = [
  ['unknown parameter with NUL', '?x=%00&%00=1'],
  ['unknown 100 kB parameter', `?x=${encodeURIComponent(BIG)}`],
  ['negative paging', '?limit=-1&offset=-1&page=-1'],
  ['huge paging', '?limit=1e308&offset=99999999999999999999&page=99999999999999999999'],
  ['invalid dates', '?from=2024-02-30&to=0000-00-00&data=2024-13-01'],
  ['SQL and markup', `?search=${encodeURIComponent(SQL)}&q=${encodeURIComponent(MARKUP)}`],
  ['repeated and bracketed parameters', '?search=a&search=b&limit[]=1&status[$ne]=x'],
  ['NUL in search', '?search=%00&q=%00&name=%00&token=%00'],
  ['control characters in search', '?search=%07%1B%08&q=a%0Db'],
  ['overlong UTF-8 and a lone surrogate', '?search=%C0%80&q=%ED%A0%80&name=%EF%BF%BF'],
]

const DATE_NAME =
  /^(data|date|from|to|de|ate|validade|paidAt|encerraEm|disponibilizacao)|(Vencimento|Admissao|Inicio|Conclusao|Nascimento|Pagamento)$/
const STRUCTURED_NAME =
  /^(data|date|hora|email|alertEmail|smtpFrom|telefone|password|newPassword|currentPassword|confirmPassword|cep|valor|amount|url|linkedinUrl|sitePessoal|website|baseUrl|callbackURL|redirectTo|cnpj|documento|oab|numeroProcesso|tribunal|code|txid|pix|month|userType|collection)|(Id|Url|Email|Date|Vencimento|Cents)$/i

const ALSO_FILLED = ['hora']

const optionsOf = (schema: JsonSchema) => [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]

/** The first non-null branch of a union (or the schema itself). */
function concrete(schema: JsonSchema): JsonSchema {
  const options = optionsOf(schema).filter((option) => !typesOf(option).includes('null') || option.enum)
  return options.length > 0 && !schema.properties ? concrete(options[0] as JsonSchema) : schema
}

/** Whether a property takes free text (no enum, format, pattern or a structured meaning by its name). */
function isFreeText(name: string, schema: JsonSchema): boolean {
  const options = optionsOf(schema)
  if (options.length > 0) return options.some((option) => isFreeText(name, option))
  return (
    typesOf(schema).includes('string') &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.format === undefined &&
    schema.pattern === undefined &&
    !STRUCTURED_NAME.test(name)
  )
}

/** A believable value for one property, from its name and schema. */
export function plausible(name: string, raw: JsonSchema, context: HostileContext): unknown {
  const schema = concrete(raw)
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  const types = typesOf(schema)
  if (schema.properties || types.includes('object')) return plausibleObject(schema, context)
  if (types.includes('array')) return schema.minItems ? [plausible(name, schema.items ?? {}, context)] : []
  if (types.includes('boolean')) return false
  if (types.includes('string') || types.length === 0) return plausibleString(name, schema, context)
  if (types.includes('number') || types.includes('integer')) {
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1)
    return Math.min(Math.max(low, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER)
  }
  return null
}

function plausibleString(name: string, schema: JsonSchema, context: HostileContext): string {
  const known = context.pathValues?.[name]
  if (known) return known
  if (schema.format === 'uuid' || /Id$/.test(name)) return randomUUID()
  if (/^(paidAt|dataPagamento)$/.test(name)) return context.today
  if (schema.format === 'date' || DATE_NAME.test(name)) return context.inAMonth
  if (/^(hora|horaInicio)$/.test(name)) return '10:00'
  if (/email|smtpFrom/i.test(name)) return 'hostil@example.com'
  if (/telefone/i.test(name)) return '(11) 98765-4321'
  if (/password/i.test(name)) return 'senha-hostil-123'
  if (/^(valor|amount|monthlyPrice)/.test(name)) return '100.00'
  if (/url|site|redirectTo/i.test(name)) return 'https://example.com/'
  if (name === 'tribunal') return 'TJSP'
  if (name === 'oabNumero') return '123456'
  return 'Teste hostil'.padEnd(schema.minLength ?? 0, '.')
}

function plausibleObject(schema: JsonSchema, context: HostileContext): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  const properties = schema.properties ?? {}
  // An optional field some routes still need in practice (an event's time unless it lasts all day).
  const names = [...(schema.required ?? []), ...ALSO_FILLED.filter((name) => name in properties)]
  for (const name of names) object[name] = plausible(name, properties[name] ?? {}, context)
  return object
}

/** A schema's object branch: the one a `{collection}`-style path picked, else the one with most fields. */
export function objectBranch(schema: JsonSchema, title?: string): JsonSchema {
  if (schema.properties) return schema
  const options = optionsOf(schema).filter((option) => option.properties)
  const byTitle = options.find((option) => title !== undefined && option.title === title)
  const richest = [...options].sort(
    (a, b) => Object.keys(b.properties ?? {}).length - Object.keys(a.properties ?? {}).length,
  )[0]
  return byTitle ?? richest ?? {}
}

/** Replaces every property the predicate picks with `value(name, schema)`. */
function mutate(
  base: Record<string, unknown>,
  schema: JsonSchema,
  pick: (name: string, schema: JsonSchema) => boolean,
  value: (name: string, schema: JsonSchema) => unknown,
): Record<string, unknown> {
  const copy = { ...base }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (pick(name, property)) copy[name] = value(name, property)
  }
  return copy
}

function wrongType(schema: JsonSchema): unknown {
  const types = typesOf(concrete(schema))
  if (types.includes('string')) return { $gt: '' }
  if (types.includes('number') || types.includes('integer')) return 'doze'
  if (types.includes('boolean')) return 'sim'
  if (types.includes('array')) return 'a,b'
  return [1, 2]
}

const isNumeric = (schema: JsonSchema) =>
  [schema, ...optionsOf(schema)].some(
    (option) => typesOf(option).includes('number') || typesOf(option).includes('integer'),
  )
const isStringy = (schema: JsonSchema) =>
  [schema, ...optionsOf(schema)].some((option) => typesOf(option).includes('string') && !option.enum)

const json = (body: unknown) => JSON.stringify(body)
const JSON_TYPE = { 'content-type': 'application/json' }

/** The JSON body variants of one operation, from the plausible body `base`. */
function jsonBodies(schema: JsonSchema, base: Record<string, unknown>) {
  const free = (name: string, property: JsonSchema) => isFreeText(name, property)
  const dates = (name: string, property: JsonSchema) => DATE_NAME.test(name) && isStringy(property)
  const bodies: [string, Record<string, string>, string][] = [
    ['broken JSON', JSON_TYPE, '{"titulo": "sem fim", '],
    ['JSON sent as text/plain', { 'content-type': 'text/plain' }, json(base)],
    ['form-encoded body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=%00&b=<x>'],
    ['missing fields', JSON_TYPE, '{}'],
    ['an array instead of an object', JSON_TYPE, json([base])],
    ['a string instead of an object', JSON_TYPE, json('texto')],
    [
      'every field of the wrong type',
      JSON_TYPE,
      json(
        mutate(
          base,
          schema,
          () => true,
          (_, p) => wrongType(p),
        ),
      ),
    ],
    ['100 kB in every text field', JSON_TYPE, json(mutate(base, schema, free, () => BIG))],
    ['NUL in every text field', JSON_TYPE, json(mutate(base, schema, free, () => NUL))],
    [
      'NUL in every string field',
      JSON_TYPE,
      json(
        mutate(
          base,
          schema,
          (_, p) => isStringy(p),
          () => NUL,
        ),
      ),
    ],
    ['control characters in text', JSON_TYPE, json(mutate(base, schema, free, () => CONTROL))],
    ['lone surrogate in text', JSON_TYPE, json(mutate(base, schema, free, () => 'Meio \ud800 par'))],
    [
      'markup, emoji and SQL in text',
      JSON_TYPE,
      json(mutate(base, schema, free, (n) => `${MARKUP} ${SQL} ${n}`)),
    ],
    [
      'huge numbers',
      JSON_TYPE,
      json(
        mutate(
          base,
          schema,
          (_, p) => isNumeric(p),
          () => 1e308,
        ),
      ),
    ],
    [
      'negative numbers',
      JSON_TYPE,
      json(
        mutate(
          base,
          schema,
          (_, p) => isNumeric(p),
          () => -99999999999,
        ),
      ),
    ],
    ['invalid dates', JSON_TYPE, json(mutate(base, schema, dates, (_, __) => BAD_DATES[0]))],
    ['year zero', JSON_TYPE, json(mutate(base, schema, dates, () => '0000-01-01'))],
    [
      'extra fields (ids, roles, prototype)',
      JSON_TYPE,
      `${json({ ...base, id: randomUUID(), officeId: randomUUID(), userId: randomUUID(), role: 'superadmin', nivelAcesso: 'socio' }).slice(0, -1)},"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}`,
    ],
  ]
  return bodies
}

/** Bodies for a route that takes a file (raw body) or declares none. */
function rawBodies(
  contentType: string | undefined,
): [string, Record<string, string>, string | Uint8Array<ArrayBuffer>][] {
  const declared = contentType ? { 'content-type': contentType } : JSON_TYPE
  const junk = new Uint8Array(4096).map((_, index) => (index * 37) % 256)
  return [
    ['junk bytes', declared, junk],
    ['empty body', declared, ''],
    ['JSON with NUL', JSON_TYPE, json({ x: NUL, nome: NUL })],
    ['broken JSON', JSON_TYPE, '{"x": '],
    ['markup as text/html', { 'content-type': 'text/html' }, `<html>${MARKUP}</html>`],
    [
      'broken multipart',
      { 'content-type': 'multipart/form-data; boundary=xyz' },
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n\r\nabc',
    ],
  ]
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? 'x')
}

/** Every hostile request for one operation (at least 10). */
export function hostileRequests(
  method: string,
  template: string,
  operation: OperationDoc,
  context: HostileContext,
): HostileRequest[] {
  const upper = method.toUpperCase()
  const params = operation.parameters ?? []
  const pathParams = params.filter((param) => param.in === 'path')
  const queryParams = params.filter((param) => param.in === 'query')
  const content = operation.requestBody?.content ?? {}
  const jsonSchema = content['application/json']?.schema
  const rawType = Object.keys(content).find((type) => type !== 'application/json')
  const basePath: Record<string, string> = {}
  for (const param of pathParams) {
    basePath[param.name] = encodeURIComponent(String(plausible(param.name, param.schema ?? {}, context)))
  }
  const branch = jsonSchema
    ? objectBranch(jsonSchema, decodeURIComponent(basePath.collection ?? ''))
    : undefined
  const baseBody = branch ? plausibleObject(branch, context) : undefined
  const basicInit = (): HostileRequest['init'] =>
    baseBody !== undefined
      ? { method: upper, headers: { ...JSON_TYPE }, body: json(baseBody) }
      : { method: upper, headers: {} }
  const path = fillPath(template, basePath)
  const requests: HostileRequest[] = []
  const add = (label: string, url: string, init: HostileRequest['init']) =>
    requests.push({ label, url, init })

  for (const value of HOSTILE_PATH_VALUES) {
    if (pathParams.length === 0) break
    const values = Object.fromEntries(pathParams.map((param) => [param.name, value]))
    add(`path = ${decodeSafely(value).slice(0, 40)}`, fillPath(template, values), basicInit())
  }
  for (const [label, value] of HOSTILE_QUERY_VALUES) {
    if (queryParams.length === 0) break
    const query = queryParams.map((param) => `${encodeURIComponent(param.name)}=${value}`).join('&')
    add(`query: ${label}`, `${path}?${query}`, basicInit())
  }
  for (const [label, query] of UNIVERSAL_QUERIES) add(`query: ${label}`, `${path}${query}`, basicInit())
  add('path with NUL suffix', `${path}%00`, basicInit())

  if (upper !== 'GET' && upper !== 'HEAD') {
    const bodies = jsonSchema && branch && baseBody ? jsonBodies(branch, baseBody) : rawBodies(rawType)
    for (const [label, headers, body] of bodies) add(`body: ${label}`, path, { method: upper, headers, body })
  }
  return requests
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
