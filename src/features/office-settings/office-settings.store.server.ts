import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { offices } from '../offices/offices.table.server'
import type { BackupFrequencia, PixTipo } from './office-settings.constants'
import { officeSettings } from './office-settings.table.server'

/** Works on the database or inside a transaction. */
export type SettingsExecutor = Pick<Database, 'select'>

/** An office_settings row as the server reads it (smtpPasswordEnc included: never send it out). */
export type OfficeSettingsRow = typeof officeSettings.$inferSelect

/** What an office without a row has: the column defaults of office_settings, mirrored here. */
export function defaultOfficeSettings(officeId: string): OfficeSettingsRow {
  return {
    officeId,
    nomeEscritorio: null,
    cnpj: null,
    oabRegistro: null,
    telefone: null,
    endereco: null,
    pixChave: null,
    pixTipo: null,
    pixNome: null,
    pixCidade: null,
    require2fa: false,
    encryptDocuments: false,
    auditViewer: true,
    sessionTimeoutMin: 480,
    notifyPrazos: true,
    notifyNewClients: true,
    weeklyReport: false,
    alertEmail: null,
    backupAutomatico: true,
    backupFrequencia: 'diario',
    backupRetencaoDias: 30,
    smtpHost: null,
    smtpPort: 587,
    smtpSecurity: 'tls',
    smtpUser: null,
    smtpPasswordEnc: null,
    smtpFrom: null,
    smtpSignature: null,
    updatedAt: new Date(0),
    updatedBy: null,
  }
}

/** The office's settings; the defaults when the office never saved any (rows are created lazily). */
export async function getOfficeSettings(db: SettingsExecutor, officeId: string): Promise<OfficeSettingsRow> {
  const [row] = await db.select().from(officeSettings).where(eq(officeSettings.officeId, officeId)).limit(1)
  return row ?? defaultOfficeSettings(officeId)
}

/** The office's identity printed at the top of PDFs (pdf.server.ts's PdfLetterhead). */
export interface OfficeLetterhead {
  nome: string
  cnpj?: string
  oab?: string
  telefone?: string
  endereco?: string
}

/** Letterhead of the office's PDFs: the personalised name, or the office's own name when none was set. */
export async function getOfficeLetterhead(db: SettingsExecutor, officeId: string): Promise<OfficeLetterhead> {
  const [row] = await db
    .select({
      officeName: offices.nome,
      nomeEscritorio: officeSettings.nomeEscritorio,
      cnpj: officeSettings.cnpj,
      oab: officeSettings.oabRegistro,
      telefone: officeSettings.telefone,
      endereco: officeSettings.endereco,
    })
    .from(offices)
    .leftJoin(officeSettings, eq(officeSettings.officeId, offices.id))
    .where(eq(offices.id, officeId))
    .limit(1)
  if (!row) return { nome: '' }
  const letterhead: OfficeLetterhead = { nome: row.nomeEscritorio || row.officeName }
  if (row.cnpj) letterhead.cnpj = row.cnpj
  if (row.oab) letterhead.oab = row.oab
  if (row.telefone) letterhead.telefone = row.telefone
  if (row.endereco) letterhead.endereco = row.endereco
  return letterhead
}

export interface OfficePix {
  chave: string
  tipo: PixTipo
  nome: string
  cidade: string
}

/** The office's Pix key for charges, or null until the key, its type, name and city are all set. */
export async function getOfficePix(db: SettingsExecutor, officeId: string): Promise<OfficePix | null> {
  const s = await getOfficeSettings(db, officeId)
  if (!s.pixChave || !s.pixTipo || !s.pixNome || !s.pixCidade) return null
  return { chave: s.pixChave, tipo: s.pixTipo, nome: s.pixNome, cidade: s.pixCidade }
}

export interface OfficeBackupSettings {
  automatico: boolean
  frequencia: BackupFrequencia
  retencaoDias: number
}

/** What the backup scheduler obeys (daily 02:00 or weekly, and how many days archives are kept). */
export async function getOfficeBackupSettings(
  db: SettingsExecutor,
  officeId: string,
): Promise<OfficeBackupSettings> {
  const s = await getOfficeSettings(db, officeId)
  return {
    automatico: s.backupAutomatico,
    frequencia: s.backupFrequencia,
    retencaoDias: s.backupRetencaoDias,
  }
}
