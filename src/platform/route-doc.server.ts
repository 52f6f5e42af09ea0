import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { MiddlewareHandler } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'

// Each route describes itself for GET /api/openapi.json (issue 23, docs/decisions/008): its pt-BR summary, its
// section and its success answer sit beside it, as `routeDoc(TAG, 'Resumo')` in the handler chain. The request
// schemas come from the same chain's `validate()`; src/server/openapi.server.ts adds the shared error answers,
// and openapi.routes.test.ts fails for a mounted route without a summary.

/** A section of the reference page. Declared once, by the feature whose routes it holds. */
export interface ApiTag {
  name: string
  description: string
}

const declaredTags = new Map<string, ApiTag>()

/** Declares a section; the same name twice with two descriptions is a mistake caught at start-up. */
export function apiTag(name: string, description: string): ApiTag {
  const known = declaredTags.get(name)
  if (known && known.description !== description) throw new Error(`OpenAPI: tag '${name}' declared twice`)
  const tag = { name, description }
  declaredTags.set(name, tag)
  return tag
}

/** /api/admin/*: one section for the superadmin's routes, which several platform features own. */
export const ADMIN_API_TAG = apiTag('Administração', 'Somente para o superadmin.')

/** Every section the mounted routes declared, for the document's `tags`. */
export function apiTags(): ApiTag[] {
  return [...declaredTags.values()]
}

export interface RouteDocOptions {
  /** Status of a success (200 when omitted). */
  status?: 200 | 201 | 204
  /** Media type of a success (application/json when omitted). */
  media?: string
  /** Answers without a session. */
  public?: true
  /** A body the handler reads itself (validate() documents all the others). */
  requestBody?: { media: string; schema: Record<string, unknown> }
  /** The shape of a JSON success, from the schema the tests and the browser trust. */
  response?: StandardSchemaV1
}

const SUCCESS = { 200: 'Sucesso', 201: 'Criado', 204: 'Sem conteúdo' } as const
export const ERROR_RESPONSE = { $ref: '#/components/responses/Erro' }

/** The OpenAPI operation fields of a route: summary, section, security and the success answer. */
export function operationSpec(tag: ApiTag, summary: string, options: RouteDocOptions = {}) {
  const status = options.status ?? 200
  const media = options.media ?? 'application/json'
  const body = options.response ? { schema: resolver(options.response) } : {}
  return {
    summary,
    tags: [tag.name],
    security: options.public ? [] : [{ sessao: [] }],
    responses: {
      [status]:
        status === 204
          ? { description: SUCCESS[status] }
          : { description: SUCCESS[status], content: { [media]: body } },
      default: ERROR_RESPONSE,
    },
    ...(options.requestBody && {
      requestBody: {
        required: true,
        content: { [options.requestBody.media]: { schema: options.requestBody.schema } },
      },
    }),
  }
}

/** The route's description, as a no-op middleware hono-openapi reads when it builds the document. */
export function routeDoc(tag: ApiTag, summary: string, options: RouteDocOptions = {}): MiddlewareHandler {
  return describeRoute(operationSpec(tag, summary, options) as Parameters<typeof describeRoute>[0])
}
