import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import type { AppDeps } from '../platform/app-env.server'
import { AUTH_OPERATION_DOCS, describeAuthOperations } from './openapi-auth.server'
import { OPERATION_DOCS, TAGS, type OperationDoc } from './openapi-operations.server'
import { APP_VERSION } from './version.server'

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> }
export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>

const ERROR = { $ref: '#/components/responses/Erro' }
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']
const SUCCESS: Record<number, string> = { 200: 'Sucesso', 201: 'Criado', 204: 'Sem conteúdo' }

const DESCRIPTION = [
  'API JSON do JusConecta para integradores. Os esquemas de entrada vêm dos mesmos esquemas zod que',
  'validam cada requisição.',
  '',
  '**Sessão:** entre com `POST /api/auth/sign-in/email`; a resposta define um cookie httpOnly que deve',
  'acompanhar as chamadas seguintes. Chamadas que alteram dados vindas de um navegador precisam da',
  'mesma origem (cabeçalho `Origin`).',
  '',
  '**Erros:** sempre `{ "error": { "code", "message", "fields"? } }`, com `message` em português.',
  'Um 400 de validação traz em `fields` uma mensagem por campo.',
].join('\n')

/** Our error body (DESIGN §5), for every route: better-auth's answers are rewritten to it too. */
const COMPONENTS = {
  securitySchemes: {
    sessao: {
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
      description: 'Cookie de sessão (com o prefixo __Secure- em https), definido na entrada.',
    },
  },
  schemas: {
    Erro: {
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', examples: ['validation', 'not_found', 'forbidden'] },
            message: { type: 'string', description: 'Mensagem em português, pronta para exibir.' },
            fields: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: 'Erro de validação: mensagem de cada campo inválido.',
            },
          },
        },
      },
    },
  },
  responses: {
    Erro: {
      description: 'Erro (401 sem sessão, 403 sem permissão, 404, 413, 429, 500…)',
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Erro' },
          example: { error: { code: 'unauthorized', message: 'Sessão expirada. Entre novamente.' } },
        },
      },
    },
  },
}

function tagFor(path: string): string {
  const rest = path.replace(/^\/api\//, '')
  let best = { name: 'Outros', length: 0 }
  for (const { name, prefixes } of TAGS) {
    for (const prefix of prefixes) {
      const matches = rest === prefix || rest.startsWith(`${prefix}/`)
      if (matches && prefix.length > best.length) best = { name, length: prefix.length }
    }
  }
  return best.name
}

/** Applies a route's pt-BR description; error answers all point at the shared Erro response. */
function decorate(path: string, method: string, operation: Operation, doc: OperationDoc, ours: boolean) {
  const status = doc.status ?? 200
  const media = doc.media ?? 'application/json'
  const responses: Record<string, unknown> = {}
  for (const [code, response] of Object.entries(operation.responses ?? {})) {
    // Keep a generator's real success description (better-auth's schemas); every error is ours.
    if (/^2/.test(code) && response && Object.keys(response).length > 0) responses[code] = response
  }
  if (Object.keys(responses).length === 0) {
    responses[status] =
      status === 204
        ? { description: SUCCESS[status] }
        : { description: SUCCESS[status], content: { [media]: {} } }
  }
  // Ours is validate()'s 400 (hono-openapi adds it to validated routes only); better-auth's is not our shape.
  const validated = operation.responses?.['400']
  if (validated && ours) responses['400'] = validated
  responses.default = ERROR
  operation.responses = responses
  operation.summary = doc.summary
  operation.tags = [tagFor(path)]
  operation.security = doc.public ? [] : [{ sessao: [] }]
  if (doc.requestBody) {
    operation.requestBody = {
      required: true,
      content: { [doc.requestBody.media]: { schema: doc.requestBody.schema } },
    }
  }
  operation.operationId ??= operationId(method, path)
}

function operationId(method: string, path: string): string {
  const words = path
    .split(/[/{}.\-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
  return `${method}${words.join('')}`
}

/**
 * The OpenAPI 3.1 document of `app` (routes under /api) plus the better-auth operations we support.
 * Request schemas come from each route's `validate()` middleware, read by hono-openapi.
 */
export async function buildOpenApiDocument(app: Hono, auth: AppDeps['auth']): Promise<OpenApiDocument> {
  const document = await generateSpecs(app, {
    documentation: {
      info: { title: 'API do JusConecta', version: APP_VERSION, description: DESCRIPTION },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      security: [{ sessao: [] }],
      components: COMPONENTS as never,
    },
    // Routes without validate() are documented too: each one needs its entry in OPERATION_DOCS.
    includeEmptyPaths: true,
    excludeStaticFile: false,
    exclude: [/^\/api\/docs\/assets\//],
    defaultValidationErrorResponse: {
      description: 'Dados inválidos: `message` com o primeiro erro e `fields` com os de cada campo.',
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Erro' },
          example: {
            error: {
              code: 'validation',
              message: 'email: Email inválido',
              fields: { email: 'Email inválido' },
            },
          },
        },
      },
    },
  })
  const paths = document.paths as Record<string, Record<string, Operation>>
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      const doc = OPERATION_DOCS[`${method.toUpperCase()} ${path}`]
      if (operation && doc) decorate(path, method, operation, doc, true)
    }
  }

  const { operations, schemas } = await describeAuthOperations(auth)
  for (const [key, operation] of operations) {
    const [method = '', authPath = ''] = key.split(' ')
    const path = `/api/auth${authPath}`
    const copy = structuredClone(operation) as Operation
    delete copy.description // better-auth's English text: the pt-BR summary replaces it
    decorate(path, method.toLowerCase(), copy, AUTH_OPERATION_DOCS[key] as OperationDoc, false)
    paths[path] = { ...paths[path], [method.toLowerCase()]: copy }
  }
  // better-auth's models (User, Session…) that its answers refer to.
  const components = document.components as { schemas?: Record<string, unknown> }
  components.schemas = { ...schemas, ...components.schemas }
  return document
}
