import type { Context } from 'hono'
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow, type CsvCell } from '../lib/csv'

/**
 * A CSV attachment streamed batch by batch from `rows` (an export of the whole office can be large, so
 * it is never built in memory). A client that goes away stops the generator, which ends its DB reads.
 */
export function csvDownload(
  c: Context,
  header: readonly string[],
  rows: AsyncGenerator<CsvCell[][]>,
  filename: string,
): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(header)))
    },
    async pull(controller) {
      const next = await rows.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value.map(csvRow).join('')))
    },
    async cancel() {
      await rows.return(undefined)
    },
  })
  c.header('Content-Type', CSV_CONTENT_TYPE)
  c.header('Content-Disposition', `attachment; filename="${filename}"`)
  return c.body(body)
}
