import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../../db/schema.server'
import type { BackupPart } from './backups.constants'

/**
 * Which tables an office backup holds, derived from the Drizzle schema rather than listed by hand: other
 * modules keep adding office tables (financial entries, proposals, Pix charges…) and each one must be in the
 * next backup without anyone remembering to add it here. The rule: every table with an office_id column,
 * minus the exclusions below, ordered so that a table comes after every table it references (the order of
 * a restore's inserts; its deletes run in reverse).
 */

/** Office tables that are NOT office records to back up and restore, and why. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  // The record of what happened: a restore must never rewrite history (and it logs itself there).
  audit_log: 'histórico de auditoria',
  // The backups themselves: restoring an archive must not bring back (or drop) other archives.
  office_backups: 'os próprios backups',
  // Derived: statement triggers on clients and cases keep it, so the restored rows rebuild it.
  crm_counters: 'contadores derivados',
  // Derived (decision 019): statement triggers on time_entries, financial_entries and cases keep them, so a
  // restore's deletes and inserts of those rows rebuild them exactly.
  report_hours_months: 'totais derivados dos relatórios',
  report_case_hours_years: 'totais derivados dos relatórios',
  report_paid_months: 'totais derivados dos relatórios',
  report_case_years: 'totais derivados dos relatórios',
  report_member_cases: 'totais derivados dos relatórios',
  report_case_hours_months: 'totais derivados dos relatórios',
  report_case_months: 'totais derivados dos relatórios',
  // Each user's inbox, not the office's records.
  notifications: 'notificações pessoais',
  // Access secrets (calendar feed tokens, one-time invitation tokens): restoring must not revive them.
  calendar_feeds: 'tokens de calendário',
  office_invitations: 'convites (tokens de acesso)',
  // Jobs and applications (issue 13) belong to the platform's network, not to any office.
  jobs: 'vagas da plataforma (não são dados do escritório)',
  job_applications: 'candidaturas da plataforma (não são dados do escritório)',
  saved_jobs: 'vagas salvas pelos usuários',
  job_views_daily: 'contadores de visualização de vagas',
  // The network's rows (issue 13) are the platform's, not an office's (none has office_id); listed so the
  // choice is explicit. A profile contact's lead is an ordinary clients row and is backed up as such.
  reviews: 'avaliações públicas da plataforma',
  content_reports: 'denúncias (moderação da plataforma)',
  oab_verifications: 'verificações da OAB (plataforma)',
  connections: 'conexões entre usuários da plataforma',
  profile_contacts: 'mensagens de contato do perfil público',
  // Platform logs, alerts and lockouts (issue 14): the platform's, never an office's (no office_id).
  platform_events: 'eventos da plataforma (logs do SuperAdmin)',
  platform_alerts: 'alertas do sistema',
  platform_metrics: 'medições do monitor do sistema',
  login_lockouts: 'bloqueios de login (segurança)',
  user_blocks: 'bloqueios de usuários pelo SuperAdmin (plataforma)',
  // Subscriptions and their charges (issue 14) are the platform's billing of the office, not the office's
  // records: restoring an office archive must never rewind what it owes or has paid.
  platform_subscriptions: 'assinatura do escritório na plataforma (cobrança da plataforma)',
  platform_charges: 'cobranças da assinatura da plataforma',
  // Publicações (issue 27): the capture's bookkeeping (runs in progress or done) is not a record to restore:
  // bringing back an old 'running' row would block the office's next capture.
  publication_capture_runs: 'execuções da captura de publicações',
  // Portal do Cliente (issue 26): who may enter is the office's live decision, never an archive's — restoring
  // must neither revive a revoked access nor an old invitation token (like office_invitations above).
  portal_access: 'acessos ao Portal do Cliente (contas e convites)',
  // A cache of DataJud's public timeline ('Atualizar andamentos' fetches it again).
  case_andamentos: 'andamentos do DataJud (cópia de dados públicos)',
}

/**
 * How a table's rows are restored. 'replace': the office's rows are deleted and the archive's inserted.
 * 'merge-members': the team decides who may enter the office, so a restore never removes or changes a
 * membership nor grants access: members missing today come back as records without access (no account,
 * inactive), because the restored cases and hours point at them.
 */
export type RestorePolicy = 'replace' | 'merge-members'

const KNOWN_PARTS: Readonly<Record<string, BackupPart>> = {
  clients: 'clientes',
  cases: 'casos',
  case_members: 'casos',
  events: 'casos',
  time_entries: 'casos',
  documents: 'documentos',
  document_versions: 'documentos',
  office_settings: 'configuracoes',
  office_members: 'configuracoes',
  court_closed_days: 'configuracoes',
  // Publicações (issue 27): the communications received and the OABs the office monitors.
  publications: 'casos',
  publication_oabs: 'casos',
  // Electronic signatures (issue 25): the evidence of a document's signature travels with the document (a
  // restore replacing documents would otherwise cascade it away). Links keep only token hashes and expire.
  signature_requests: 'documentos',
  signature_signers: 'documentos',
  // Portal do Cliente (issue 26): the conversation with each client and its attachments, with the clients.
  portal_messages: 'clientes',
  portal_message_files: 'clientes',
}

/** Tables whose rows name stored files (storage_key, size, sha256, encrypted), in the 'documents' area. */
export const FILE_TABLES: ReadonlySet<string> = new Set(['document_versions', 'portal_message_files'])

/** A table that nobody mapped yet belongs with what it points at; failing that, with the settings. */
const INFERRED_PARTS: readonly [string, BackupPart][] = [
  ['documents', 'documentos'],
  ['cases', 'casos'],
  ['clients', 'clientes'],
]

export interface CatalogColumn {
  name: string
  /** Columns the database computes (generated) are read for the archive but never inserted. */
  insertable: boolean
  /** Written 'sim'/'não' in the CSV copy. */
  boolean: boolean
  /**
   * A nullable reference to a table outside the backup (users, cidade…): set to null on restore when the
   * row it names no longer exists (a removed user; another installation).
   */
  outsideReference: { table: string; column: string } | null
}

export interface CatalogTable {
  name: string
  part: BackupPart
  policy: RestorePolicy
  columns: CatalogColumn[]
  /** Primary key columns: the order rows are read and compared in. */
  keyColumns: string[]
  /** Catalog tables this one references (restore inserts them first). */
  dependsOn: string[]
  /** The file entries of this table's rows (document_versions: storage_key, size, sha256). */
  hasFiles: boolean
}

function inferPart(name: string, references: readonly string[]): BackupPart {
  const known = KNOWN_PARTS[name]
  if (known) return known
  for (const [target, part] of INFERRED_PARTS) if (references.includes(target)) return part
  return 'configuracoes'
}

/** Tables in dependency order (Kahn's algorithm; ties by name so the order is stable). */
function topologicalOrder(tables: CatalogTable[]): CatalogTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]))
  const done = new Set<string>()
  const ordered: CatalogTable[] = []
  while (ordered.length < tables.length) {
    const ready = tables
      .filter((t) => !done.has(t.name) && t.dependsOn.every((d) => d === t.name || done.has(d)))
      .sort((a, b) => a.name.localeCompare(b.name))
    if (ready.length === 0) {
      const left = tables.filter((t) => !done.has(t.name)).map((t) => t.name)
      throw new Error(`backup catalog: circular references between ${left.join(', ')}`)
    }
    for (const table of ready) {
      done.add(table.name)
      ordered.push(byName.get(table.name) as CatalogTable)
    }
  }
  return ordered
}

function buildCatalog(): CatalogTable[] {
  const configs = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => getTableConfig(table))
  const officeTables = configs.filter(
    (config) =>
      config.columns.some((column) => column.name === 'office_id') && !(config.name in EXCLUDED_TABLES),
  )
  const names = new Set(officeTables.map((config) => config.name))
  const tables = officeTables.map((config): CatalogTable => {
    const references = config.foreignKeys.map((fk) => {
      const reference = fk.reference()
      return {
        table: getTableConfig(reference.foreignTable).name,
        columns: reference.columns.map((column) => column.name),
        foreignColumns: reference.foreignColumns.map((column) => column.name),
      }
    })
    const dependsOn = [...new Set(references.map((r) => r.table).filter((t) => names.has(t)))]
    const keyColumns = config.primaryKeys[0]
      ? config.primaryKeys[0].columns.map((column) => column.name)
      : config.columns.filter((column) => column.primary).map((column) => column.name)
    if (keyColumns.length === 0) throw new Error(`backup catalog: ${config.name} has no primary key`)
    const columns = config.columns.map((column): CatalogColumn => {
      const outside = references.find(
        (r) =>
          r.columns.length === 1 &&
          r.columns[0] === column.name &&
          !names.has(r.table) &&
          r.table !== 'offices',
      )
      return {
        name: column.name,
        insertable: column.generated === undefined && column.generatedIdentity === undefined,
        boolean: column.getSQLType() === 'boolean',
        outsideReference:
          outside && !column.notNull
            ? { table: outside.table, column: outside.foreignColumns[0] ?? 'id' }
            : null,
      }
    })
    return {
      name: config.name,
      part: inferPart(config.name, dependsOn),
      policy: config.name === 'office_members' ? 'merge-members' : 'replace',
      columns,
      keyColumns,
      dependsOn,
      hasFiles: FILE_TABLES.has(config.name),
    }
  })
  return topologicalOrder(tables)
}

let cached: CatalogTable[] | undefined

/** Every office table of the backup, in restore order. */
export function backupCatalog(): readonly CatalogTable[] {
  cached ??= buildCatalog()
  return cached
}

/** The catalog tables of the chosen checklist parts, in restore order. */
export function catalogFor(parts: readonly BackupPart[]): CatalogTable[] {
  return backupCatalog().filter((table) => parts.includes(table.part))
}

/** Every table of the schema with an office_id column that the backup leaves out on purpose. */
export function excludedOfficeTables(): string[] {
  return Object.keys(EXCLUDED_TABLES)
}
