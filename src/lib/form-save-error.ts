import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { toast } from 'sonner'
import { ApiRequestError } from './api-client'

/**
 * After a failed save: the server's messages for fields this form has go under those fields, and a toast says
 * the save failed. A validation error's toast only points at the fields (they say what is wrong); any other
 * error's toast carries the server's message.
 */
export function reportSaveError<TValues extends FieldValues>(
  error: unknown,
  {
    values,
    setError,
    title,
    invalidDescription,
  }: {
    /** Any values object of the form: its keys say which server fields are the form's own. */
    values: TValues
    setError: UseFormSetError<TValues>
    title: string
    invalidDescription: string
  },
) {
  const fields = error instanceof ApiRequestError ? error.fields : {}
  for (const [name, message] of Object.entries(fields)) {
    if (name in values) setError(name as Path<TValues>, { message })
  }
  const isValidation = error instanceof ApiRequestError && error.status === 400
  toast.error(title, {
    description: isValidation || !(error instanceof Error) ? invalidDescription : error.message,
  })
}
