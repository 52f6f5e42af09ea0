/** The one error body every API route answers with: `message` is pt-BR and fit for a toast. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}
