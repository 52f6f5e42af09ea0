import { validator } from 'hono/validator'
import type { Env, MiddlewareHandler, ValidationTargets } from 'hono'
import { resolver, uniqueSymbol } from 'hono-openapi'
import { z } from 'zod'
import '../lib/zod-pt-br'
import { findUncleanText, INVALID_CHARACTERS_MESSAGE } from '../lib/clean-text'
import { NOTHING_TO_UPDATE } from '../lib/zod-fields'
import { ApiError } from './http-error.server'

/**
 * Validates one part of the request with a shared zod schema. A failure answers 400 with the first
 * message (pt-BR, for the toast) and every field's message (for the form); nothing runs after it.
 *
 * Before the schema, every string of the value is held to clean text (src/lib/clean-text.ts): a NUL or
 * another control character is a 400 here, never a database error (22021) later; line breaks and tabs
 * pass only in a body. After it, a PATCH whose body names no field is a 400 too (issue 24): one rule for
 * every route, the one the clients' route had ('Nenhum campo para atualizar.').
 *
 * The middleware also carries the schema under hono-openapi's marker, so GET /api/openapi.json
 * documents every route's request from the very schema that checks it (docs/decisions/008). The
 * checking itself stays Hono's own validator: same 400 shape, same types for the typed client.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const middleware = validator(target, async (value, c) => {
    refuseUncleanText(value, target === 'json' || target === 'form')
    const result = await parse(schema, value)
    if (!result.success) {
      const fields: Record<string, string> = {}
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_'
        fields[key] ??= issue.message
      }
      const first = result.error.issues[0]
      const prefix = first && first.path.length > 0 ? `${first.path.join('.')}: ` : ''
      throw new ApiError(400, 'validation', `${prefix}${first?.message ?? 'Dados inválidos.'}`, fields)
    }
    if (target === 'json' && c.req.method === 'PATCH') refuseEmptyUpdate(result.data)
    return result.data as z.output<Schema>
  })
  // The typed client's input is the schema's INPUT (optional and defaulted keys optional, coerced ones
  // free), not Hono's default of the output's keys all required: a browser call sends what the form holds.
  const typed = middleware as unknown as MiddlewareHandler<
    Env,
    string,
    { in: { [K in Target]: z.input<Schema> }; out: { [K in Target]: z.output<Schema> } }
  >
  return Object.assign(typed, { [uniqueSymbol]: { target, ...resolver(schema) } })
}

/**
 * Parses synchronously: every await costs a promise hook per request once better-auth's AsyncLocalStorage
 * is in use (Node 20). A schema with an async refinement throws zod's async error and is parsed again
 * on the async path.
 */
function parse<Schema extends z.ZodType>(schema: Schema, value: unknown) {
  try {
    return schema.safeParse(value)
  } catch (error) {
    if (error instanceof z.core.$ZodAsyncError) return schema.safeParseAsync(value)
    throw error
  }
}

/** 400 when a string of `value` (a key or a value, at any depth) carries a control or broken character. */
export function refuseUncleanText(value: unknown, lineBreaks: boolean): void {
  const path = findUncleanText(value, { lineBreaks })
  if (path === null) return
  const key = path.join('.') || '_'
  const prefix = path.length > 0 ? `${key}: ` : ''
  throw new ApiError(400, 'validation', `${prefix}${INVALID_CHARACTERS_MESSAGE}`, {
    [key]: INVALID_CHARACTERS_MESSAGE,
  })
}

/** 400 for an update that names no field once parsed (`{}`, or only unknown keys, stripped). */
export function refuseEmptyUpdate(data: unknown): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return
  if (Object.values(data).every((value) => value === undefined)) {
    throw new ApiError(400, 'validation', NOTHING_TO_UPDATE)
  }
}
