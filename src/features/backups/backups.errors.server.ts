import type { RESTORE_REFUSALS } from './backups.schema'

export type RestoreRefusal = keyof typeof RESTORE_REFUSALS

/** An archive a restore refuses before changing anything; `reason` picks the pt-BR message. */
export class InvalidBackupError extends Error {
  constructor(readonly reason: RestoreRefusal) {
    super(`backup refused: ${reason}`)
    this.name = 'InvalidBackupError'
  }
}
