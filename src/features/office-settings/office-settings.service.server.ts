import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { encryptSecret } from '../../platform/file-encryption.server'
import { offices } from '../offices/offices.table.server'
import type { OfficeSettingsDto, OfficeSettingsValues } from './office-settings.schema'
import {
  defaultOfficeSettings,
  getOfficeSettings,
  type OfficeSettingsRow,
} from './office-settings.store.server'
import { officeSettings } from './office-settings.table.server'

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>

/** The row as the page sees it: the SMTP password never leaves the server, only whether one is stored. */
export function toSettingsDto(row: OfficeSettingsRow, officeName: string, saved: boolean): OfficeSettingsDto {
  const { smtpPasswordEnc, updatedAt, updatedBy: _updatedBy, officeId: _officeId, ...rest } = row
  return {
    ...rest,
    smtpPasswordSet: Boolean(smtpPasswordEnc),
    officeName,
    updatedAt: saved ? updatedAt.toISOString() : null,
  }
}

async function officeName(db: Pick<Database, 'select'>, officeId: string): Promise<string> {
  const [row] = await db.select({ nome: offices.nome }).from(offices).where(eq(offices.id, officeId))
  return row?.nome ?? ''
}

export async function readSettingsDto(
  db: Pick<Database, 'select'>,
  officeId: string,
): Promise<OfficeSettingsDto> {
  const [row] = await db.select().from(officeSettings).where(eq(officeSettings.officeId, officeId)).limit(1)
  return toSettingsDto(row ?? defaultOfficeSettings(officeId), await officeName(db, officeId), Boolean(row))
}

/** Column values of a save; undefined smtpPassword keeps the stored one. */
function columnsOf(values: OfficeSettingsValues, key: Buffer, current: OfficeSettingsRow) {
  const { smtpPassword, ...settings } = values
  const smtpPasswordEnc =
    smtpPassword === undefined
      ? current.smtpPasswordEnc
      : smtpPassword === null || smtpPassword === ''
        ? null
        : encryptSecret(key, smtpPassword)
  // No server, no credentials: a password kept for a removed server would be sent to the next one typed in.
  return { ...settings, smtpPasswordEnc: settings.smtpHost ? smtpPasswordEnc : null }
}

/** The names of the settings a save changed (the audit keeps names, never values). */
function changedFields(before: OfficeSettingsRow, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((field) => {
    const previous = before[field as keyof OfficeSettingsRow]
    return String(previous ?? '') !== String(after[field] ?? '')
  })
}

/** Upserts the office's row ('Salvar Configurações'); returns the changed field names. */
export async function saveSettings(
  tx: Executor,
  officeId: string,
  userId: string,
  values: OfficeSettingsValues,
  key: Buffer,
): Promise<string[]> {
  const current = await getOfficeSettings(tx, officeId)
  const columns = columnsOf(values, key, current)
  const fields = changedFields(current, columns).map((field) =>
    field === 'smtpPasswordEnc' ? 'smtpPassword' : field,
  )
  const row = { ...columns, updatedAt: sql`now()`, updatedBy: userId }
  await tx
    .insert(officeSettings)
    .values({ officeId, ...row })
    .onConflictDoUpdate({ target: officeSettings.officeId, set: row })
  return fields
}

/**
 * 'Restaurar Padrão': security, notifications, backup and mail server back to their defaults. The office's
 * identity (name, CNPJ, OAB, phone, address) and Pix key are data, not preferences: they stay.
 */
export async function restoreDefaults(tx: Executor, officeId: string, userId: string): Promise<void> {
  const current = await getOfficeSettings(tx, officeId)
  const defaults = defaultOfficeSettings(officeId)
  const row = {
    ...defaults,
    nomeEscritorio: current.nomeEscritorio,
    cnpj: current.cnpj,
    oabRegistro: current.oabRegistro,
    telefone: current.telefone,
    endereco: current.endereco,
    pixChave: current.pixChave,
    pixTipo: current.pixTipo,
    pixNome: current.pixNome,
    pixCidade: current.pixCidade,
    updatedAt: sql`now()`,
    updatedBy: userId,
  }
  const { officeId: _officeId, ...set } = row
  await tx.insert(officeSettings).values(row).onConflictDoUpdate({ target: officeSettings.officeId, set })
}
