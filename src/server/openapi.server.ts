import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import type { AppDeps } from '../platform/app-env.server'
import { apiTags, ERROR_RESPONSE } from '../platform/route-doc.server'
import { describeAuthOperations } from './openapi-auth.server'
import { APP_VERSION } from './version.server'

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> }
export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']

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

/**
 * The answers every operation shares: validate()'s 400 (hono-openapi adds it to validated routes only) stays,
 * every other error points at the shared Erro response. Summary, section and success come from the route's
 * routeDoc() (src/platform/route-doc.server.ts).
 */
function finish(path: string, method: string, operation: Operation) {
  // hono-openapi leaves an empty '200' on routes it knows nothing of; the route's own success replaces it.
  const responses = Object.entries(operation.responses ?? {}).filter(
    ([code, response]) => !(/^2/.test(code) && response && Object.keys(response).length === 0),
  )
  operation.responses = { ...Object.fromEntries(responses), default: ERROR_RESPONSE }
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
      tags: [],
      security: [{ sessao: [] }],
      components: COMPONENTS as never,
    },
    // Routes without validate() are documented too: each one has its routeDoc().
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
      if (!operation) continue
      finish(path, method, operation)
    }
  }

  const { operations, schemas } = await describeAuthOperations(auth)
  for (const [path, byMethod] of operations) {
    for (const [method, operation] of Object.entries(byMethod)) finish(path, method, operation)
    paths[path] = { ...paths[path], ...byMethod }
  }
  // Sections in alphabetical order: each feature declares its own, so there is no hand-kept order to follow.
  document.tags = apiTags()
    .map(({ name, description }) => ({ name, description }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
  // better-auth's models (User, Session…) that its answers refer to.
  const components = document.components as { schemas?: Record<string, unknown> }
  components.schemas = { ...schemas, ...components.schemas }
  return document
}
