import { z } from 'zod'
import '../../lib/zod-pt-br'
import {
  BACKUP_PARTS,
  RESTORE_CONFIRMATION_WORD,
  type BackupPart,
  type RestoreResult,
  type RestoreStatus,
  type BackupSource,
  type BackupStatus,
  type BackupTipo,
} from './backups.constants'

// Contract of /api/backups (issue 12, "Backup de Dados"). No server imports: the browser bundles this file.

export * from './backups.constants'

export const BACKUP_MESSAGES = {
  notFound: 'Backup não encontrado.',
  notReady: 'Este backup não está disponível para download ou restauração.',
  running: 'Já existe um backup em andamento para este escritório.',
  fileUnavailable: 'O arquivo do backup está indisponível ou corrompido.',
  tooLarge: 'O arquivo de backup é grande demais.',
  quota:
    'Este arquivo ultrapassa o espaço para backups enviados deste escritório. Exclua backups enviados antigos e tente novamente.',
  restoring: 'Já existe uma restauração em andamento para este escritório.',
  restoreInterrupted: 'A restauração foi interrompida antes de terminar. Nada foi alterado.',
  aborted: 'O envio do arquivo foi interrompido.',
  confirmation: `Digite ${RESTORE_CONFIRMATION_WORD} para confirmar a restauração.`,
  partsRequired: 'Selecione ao menos um item para o backup.',
  notQueued: 'Não foi possível iniciar o backup agora. Tente novamente em instantes.',
  restoreFailed:
    'A restauração falhou e nada foi alterado. Os dados atuais podem depender de registros ausentes neste backup.',
} as const

/** Why an archive is refused before anything changes (the 400's message). */
export const RESTORE_REFUSALS = {
  notZip: 'O arquivo enviado não é um backup do JusConecta (zip inválido).',
  manifest: 'O backup não tem um manifesto válido (manifest.json).',
  checksum: 'O backup está corrompido: o conteúdo não confere com as somas de verificação do manifesto.',
  formatVersion: 'Este backup foi gerado em um formato que esta versão do sistema não reconhece.',
  schemaVersion:
    'Este backup foi gerado com outra versão do banco de dados e não pode ser restaurado nesta versão.',
  otherOffice:
    'Este backup pertence a outro escritório. Marque "Importar para este escritório" para usá-lo aqui.',
  tooManyEntries: 'O backup foi recusado: o arquivo tem entradas demais para ser restaurado.',
  duplicateEntries: 'O backup foi recusado: o arquivo tem entradas repetidas ou sobrepostas.',
  tooLarge:
    'O backup foi recusado: o conteúdo descompactado é grande demais ou está comprimido de forma suspeita.',
  lineTooLong: 'O backup foi recusado: uma linha das tabelas tem mais de 1 MB.',
} as const

export const createBackupBody = z.object({
  parts: z
    .array(z.enum(BACKUP_PARTS, { error: 'Item de backup inválido.' }))
    .min(1, BACKUP_MESSAGES.partsRequired)
    .max(BACKUP_PARTS.length)
    .transform((parts) => BACKUP_PARTS.filter((part) => parts.includes(part))),
})
export type CreateBackupInput = z.input<typeof createBackupBody>

export const restoreBackupBody = z.object({
  confirmacao: z
    .string({ error: BACKUP_MESSAGES.confirmation })
    .trim()
    .refine((value) => value.toUpperCase() === RESTORE_CONFIRMATION_WORD, BACKUP_MESSAGES.confirmation),
  importar: z.boolean({ error: 'Opção de importação inválida.' }).default(false),
})
export type RestoreBackupInput = z.input<typeof restoreBackupBody>

/** Query of POST /api/backups/upload: the original file name (the body is the zip's raw bytes). */
export const uploadBackupQuery = z.object({
  name: z.string().trim().min(1, 'Informe o nome do arquivo.').max(200, 'Nome de arquivo longo demais.'),
})

export interface BackupRow {
  id: string
  nome: string
  tipo: BackupTipo
  source: BackupSource
  status: BackupStatus
  error: string | null
  scope: BackupPart[]
  progress: number
  size: number | null
  counts: Record<string, number> | null
  /** An uploaded archive made from another office: restoring it needs 'Importar para este escritório'. */
  fromOtherOffice: boolean
  createdAt: string
  finishedAt: string | null
  restoredAt: string | null
  /** The last restore from this archive (a job): null when it was never restored. */
  restore: BackupRestoreState | null
}

export interface BackupRestoreState {
  status: RestoreStatus
  /** 0–100 while running. */
  progress: number
  /** Why it failed or was refused (pt-BR), when status is 'error'. */
  error: string | null
  result: RestoreResult | null
  requestedAt: string | null
}

export interface BackupList {
  items: BackupRow[]
  total: number
}

export interface BackupStats {
  total: number
  totalSize: number
  last: { createdAt: string; status: BackupStatus } | null
  automatico: boolean
  frequencia: 'diario' | 'semanal'
  retencaoDias: number
  /** The next scheduled run, or null when automatic backup is off. */
  nextRun: string | null
}

export const BACKUP_PAGE_SIZE = 50
export const backupListQuery = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int().min(1).max(10_000).default(1),
})
