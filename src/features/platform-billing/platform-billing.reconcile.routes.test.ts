import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AppDeps } from '../../platform/app-env.server'
import { auditLog } from '../audit/audit.table.server'
import type { ReconcileResult } from './platform-billing.admin.schema'
import {
  call,
  configurePlatformPix,
  endTrialsAndBill,
  financialCallers,
  upload,
  type Caller,
} from './platform-billing.admin.fixtures.server'
import { platformCharges } from './platform-billing.table.server'

// 'Sincronizar Pagamentos' → import a bank statement: preview (nothing written), then apply the exact matches
// in one transaction; the same file twice pays nothing twice; a different amount is never applied.

const MASTER = 'master-reconcile@example.com'
const PREVIEW = '/api/admin/financial/statement/preview'
const APPLY = '/api/admin/financial/statement/apply'

let t: TestApp & { deps: AppDeps }
let master: Caller
let charges: (typeof platformCharges.$inferSelect)[]

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  ;({ master } = await financialCallers(t, MASTER))
  await signUp(t, lawyerSignUp({ nomeCompleto: 'Quarta Advogada' }))
  await configurePlatformPix(t)
  await endTrialsAndBill(t)
  charges = await t.handle.db.select().from(platformCharges).orderBy(platformCharges.txid)
  expect(charges).toHaveLength(4)
}, 60_000)
afterAll(() => t.close())

const statusOf = async (id: string) =>
  (await t.handle.db.select().from(platformCharges).where(eq(platformCharges.id, id)))[0]

/** A statement in the Excel pt-BR shape with one line per charge case. */
function statement() {
  const [a, b, c, d] = charges
  if (!a || !b || !c || !d) throw new Error('four charges expected')
  return [
    '\uFEFFData;Histórico;Valor;TXID',
    `20/01/2026;PIX RECEBIDO;97,00;${a.txid}`,
    `20/01/2026;PIX RECEBIDO;"95,50";${b.txid}`,
    `21/01/2026;PIX RECEBIDO;97,00;NAOEXISTE123`,
    `21/01/2026;TARIFA;-2,00;`,
    `22/01/2026;PIX RECEBIDO;97,00;${a.txid.toLowerCase()}`,
    `xx/01/2026;PIX RECEBIDO;97,00;${c.txid}`,
    `23/01/2026;PIX RECEBIDO;97,00;${d.txid}`,
  ].join('\r\n')
}

describe('statement import', () => {
  let preview: ReconcileResult

  it('previews each line without writing anything', async () => {
    // d was received by hand before the statement arrived.
    const d = charges[3]!
    const pay = await call(t, 'POST', `/api/admin/financial/charges/${d.id}/pay`, master.cookie, {
      amount: '97,00',
      paidAt: '23/01/2026',
    })
    expect(pay.status).toBe(200)

    const response = await upload(t, PREVIEW, master.cookie, statement())
    expect(response.status).toBe(200)
    preview = (await response.json()) as ReconcileResult
    expect(preview.lines.map((l) => [l.line, l.status])).toEqual([
      [2, 'matched'],
      [3, 'amount_mismatch'],
      [4, 'unknown'],
      [6, 'duplicate'],
      [8, 'already_paid'],
    ])
    expect(preview.lines[1]).toMatchObject({ amountCents: 9550, expectedCents: 9700 })
    expect(preview.errors).toEqual([{ line: 7, message: 'Linha 7: data inválida (use dd/mm/aaaa).' }])
    expect(preview.skipped).toBe(1)
    expect(preview.summary).toMatchObject({ matched: 1, amount_mismatch: 1, unknown: 1, already_paid: 1 })
    expect((await statusOf(charges[0]!.id))?.status).toBe('pending')
  })

  it('applies only the exact match, in one go, and the same file again pays nothing twice', async () => {
    const apply = async () => {
      const response = await call(t, 'POST', APPLY, master.cookie, { lines: preview.lines })
      expect(response.status).toBe(200)
      return (await response.json()) as ReconcileResult
    }
    const first = await apply()
    expect(first.applied).toBe(1)
    const a = await statusOf(charges[0]!.id)
    expect(a).toMatchObject({ status: 'paid', paidAmount: '97.00', paidSource: 'statement' })
    expect(a?.paidAt?.toISOString()).toBe('2026-01-20T15:00:00.000Z')
    // The mismatched amount stays pending: an admin decides (mark paid by hand with what was received).
    expect((await statusOf(charges[1]!.id))?.status).toBe('pending')

    const second = await apply()
    expect(second.applied).toBe(0)
    expect(second.summary).toMatchObject({ matched: 0, already_paid: 2, amount_mismatch: 1 })
    // The same file uploaded again previews as already paid.
    const again = (await (await upload(t, PREVIEW, master.cookie, statement())).json()) as ReconcileResult
    expect(again.summary.matched).toBe(0)
    expect((await statusOf(charges[0]!.id))?.paidAt?.toISOString()).toBe('2026-01-20T15:00:00.000Z')

    const audits = await t.handle.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'platform_billing.statement_import'))
    expect(audits.map((row) => (row.details as { applied: number }).applied)).toEqual([1, 0])
  })

  it('refuses a file over 2 MB (413), a binary file (415) and bad lines (pt-BR 400)', async () => {
    const big = `data;valor;txid\n${'01/01/2026;1,00;A\n'.repeat(130_000)}`
    const tooLarge = await upload(t, PREVIEW, master.cookie, big)
    expect(tooLarge.status).toBe(413)
    expect((await tooLarge.json()).error.message).toBe('O extrato deve ter no máximo 2 MB.')
    const binary = await upload(t, PREVIEW, master.cookie, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))
    expect(binary.status).toBe(415)
    const badLines = await call(t, 'POST', APPLY, master.cookie, {
      lines: [{ line: 1, txid: 'ABC', amountCents: -5, date: '2026-01-01' }],
    })
    expect(badLines.status).toBe(400)
    const none = await call(t, 'POST', APPLY, master.cookie, { lines: [] })
    expect((await none.json()).error.fields.lines).toBe('Nenhuma linha para aplicar.')
  })

  it('reads a Windows-1252 export with a bad header as a pt-BR error', async () => {
    const latin1 = Buffer.from('Data;Hist\xf3rico;Quantia\n01/01/2026;x;97,00\n', 'latin1')
    const response = await upload(t, PREVIEW, master.cookie, new Uint8Array(latin1))
    expect(response.status).toBe(200)
    const result = (await response.json()) as ReconcileResult
    expect(result.errors[0]?.message).toMatch(/^Cabeçalho não reconhecido/)
    expect(result.lines).toEqual([])
  })
})
