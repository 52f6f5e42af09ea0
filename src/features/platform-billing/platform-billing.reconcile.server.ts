import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { parseDecimalCents } from '../../lib/br/money'
import { offices } from '../offices/offices.table.server'
import {
  RECONCILE_STATUSES,
  type ReconcileLine,
  type ReconcileResult,
  type ReconcileStatus,
} from './platform-billing.admin.schema'
import type { Executor, Tx } from './platform-billing.charges.server'
import type { StatementLine } from './platform-billing.reconcile.parse'
import { markChargePaid } from './platform-billing.service.server'
import { platformCharges } from './platform-billing.table.server'

// Reconciliation of an imported bank statement with the platform's charges, by txid (the Pix identifier the
// BR Code carries and the bank prints back). Only an exact match is ever applied: a pending charge with that
// txid and exactly that amount. A different amount, a paid or cancelled charge, an unknown txid, a txid seen
// twice in the file: shown, never applied. Applying re-reads the charges under lock, so importing the same file
// twice (or two admins at once) pays nothing twice.

/** A date of the statement → the instant stored as paid_at: noon in São Paulo (UTC−3 all year since 2019). */
export const statementInstant = (date: string) => new Date(`${date}T12:00:00-03:00`)

interface ChargeMatch {
  id: string
  status: 'pending' | 'paid' | 'cancelled'
  amountCents: number
  officeName: string
  txid: string
}

async function chargesByTxid(
  db: Executor,
  txids: string[],
  lock: boolean,
): Promise<Map<string, ChargeMatch>> {
  const found = new Map<string, ChargeMatch>()
  if (txids.length === 0) return found
  // Batches keep the parameter list well under PostgreSQL's 65 535 (a file has at most 5 000 lines).
  for (let i = 0; i < txids.length; i += 1000) {
    const query = db
      .select({
        id: platformCharges.id,
        status: platformCharges.status,
        amount: platformCharges.amount,
        txid: platformCharges.txid,
        officeName: offices.nome,
      })
      .from(platformCharges)
      .innerJoin(offices, eq(offices.id, platformCharges.officeId))
      .where(inArray(platformCharges.txid, txids.slice(i, i + 1000)))
    const rows = lock ? await query.for('update', { of: platformCharges }) : await query
    for (const row of rows)
      found.set(row.txid, {
        id: row.id,
        status: row.status,
        amountCents: parseDecimalCents(row.amount) ?? 0,
        officeName: row.officeName,
        txid: row.txid,
      })
  }
  return found
}

function classify(lines: readonly StatementLine[], charges: Map<string, ChargeMatch>): ReconcileLine[] {
  const seen = new Set<string>()
  return lines.map((line) => {
    const charge = charges.get(line.txid)
    const status: ReconcileStatus = seen.has(line.txid)
      ? 'duplicate'
      : !charge
        ? 'unknown'
        : charge.status === 'paid'
          ? 'already_paid'
          : charge.status === 'cancelled'
            ? 'cancelled'
            : charge.amountCents !== line.amountCents
              ? 'amount_mismatch'
              : 'matched'
    seen.add(line.txid)
    return {
      line: line.line,
      date: line.date,
      amountCents: line.amountCents,
      txid: line.txid,
      status,
      chargeId: charge?.id ?? null,
      officeName: charge?.officeName ?? null,
      expectedCents: charge?.amountCents ?? null,
    }
  })
}

export function summarize(lines: readonly ReconcileLine[]): Record<ReconcileStatus, number> {
  const summary = Object.fromEntries(RECONCILE_STATUSES.map((s) => [s, 0])) as Record<ReconcileStatus, number>
  for (const line of lines) summary[line.status]++
  return summary
}

/** The preview: what each line would do, nothing written. */
export async function reconcileStatement(
  db: Executor,
  parsed: { lines: StatementLine[]; errors: { line: number; message: string }[]; skipped: number },
): Promise<ReconcileResult> {
  const charges = await chargesByTxid(db, [...new Set(parsed.lines.map((l) => l.txid))], false)
  const lines = classify(parsed.lines, charges)
  return { lines, errors: parsed.errors, skipped: parsed.skipped, summary: summarize(lines) }
}

/**
 * Applies the matches in ONE transaction: the charges are re-read under lock and classified again, so what is
 * paid is what is true now (a line matched in the preview but paid since comes back 'already_paid').
 * `onApplied` records the audit and the event inside the same transaction.
 */
export async function applyStatement(
  db: Database,
  statement: StatementLine[],
  actorUserId: string,
  onApplied: (tx: Tx, result: ReconcileResult) => Promise<void>,
): Promise<ReconcileResult> {
  return db.transaction(async (tx) => {
    const charges = await chargesByTxid(tx, [...new Set(statement.map((l) => l.txid))], true)
    const lines = classify(statement, charges)
    let applied = 0
    for (const line of lines) {
      if (line.status !== 'matched' || !line.chargeId) continue
      const paid = await markChargePaid(
        tx,
        line.chargeId,
        {
          amountCents: line.amountCents,
          paidAt: statementInstant(line.date),
          source: 'statement',
        },
        new Date(),
        { userId: actorUserId, by: 'admin' },
      )
      if (paid && !paid.alreadyPaid) applied++
    }
    const result: ReconcileResult = { lines, errors: [], skipped: 0, summary: summarize(lines), applied }
    await onApplied(tx, result)
    return result
  })
}
