import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/**
 * A form's resolver on the route's own zod schema (issue 23): the values as typed become the request body with
 * `toBody` (the function the submit sends), the shared schema checks that body exactly as
 * `validate('json', schema)` does on the server, and each issue's message goes under the field its path starts
 * with, the first one per field — so a message under a field is the one the server's 400 carries for it.
 *
 * Not zodResolver: it reports a failed union with a branch's message instead of the union's own (the server
 * sends the latter), nests an issue of a list item ('etiquetas.3') where the field shows no message, and knows
 * no body key that the form names differently (`fieldOf`). The values stay as typed (masked money, dates as
 * text): the submit builds the body again from them.
 */
export function bodyResolver<TValues extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: TValues) => unknown,
  /** Body keys whose field has another name in the form: { lembreteMinutos: 'lembrete' }. */
  fieldOf: Readonly<Record<string, keyof TValues & string>> = {},
): Resolver<TValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(toBody(values))
    if (result.success) return { values, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '')
      const name = fieldOf[key] ?? key
      // An issue of no field of this form (a rule on the whole body) is left to the server's answer.
      if (!(name in values) || errors[name]) continue
      errors[name] = { type: 'validation', message: issue.message }
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} }
    return { values: {}, errors: errors as FieldErrors<TValues> }
  }
}
