import type { z } from 'zod'
import { ApiError } from '../../platform/http-error.server'

/**
 * The 400 of `validate()` (middleware/validate.ts) for checks that can only run inside a handler — the
 * schema depends on the stored row (merged PATCH) — so the browser sees one error shape everywhere.
 */
export function formatValidationError(error: z.ZodError): ApiError {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  const first = error.issues[0]
  const prefix = first && first.path.length > 0 ? `${first.path.join('.')}: ` : ''
  return new ApiError(400, 'validation', `${prefix}${first?.message ?? 'Dados inválidos.'}`, fields)
}

/** A single-field 400 in the same shape. */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}
