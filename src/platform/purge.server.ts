/**
 * Soft-deleted rows (deleted_at) are purged for good after 30 days by each feature's daily job (DESIGN §8):
 * long enough to undo a mistake, short enough to honour an erasure (LGPD).
 */
export const PURGE_AFTER_DAYS = 30

/** Rows deleted before this instant are due: `PURGE_AFTER_DAYS` before `now`. */
export function purgeCutoff(now: Date = new Date()): Date {
  return new Date(now.getTime() - PURGE_AFTER_DAYS * 24 * 60 * 60 * 1000)
}

/** PostgreSQL's foreign_key_violation, wherever the driver put it (Drizzle wraps it in `cause`). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Deletes the given rows one statement each and returns how many went. A row another row still points at
 * (a deleted client's active case, a case's document) is refused by its foreign key and simply stays until
 * that row is gone: the database knows every reference, including those of modules added later.
 */
export async function deleteUnlessReferenced(
  ids: readonly string[],
  deleteOne: (id: string) => Promise<number>,
): Promise<number> {
  let deleted = 0
  for (const id of ids) {
    try {
      deleted += await deleteOne(id)
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error
    }
  }
  return deleted
}
