import { z } from 'zod'
import {
  PLATFORM_BACKUP_STATUSES,
  PLATFORM_BACKUP_TIPOS,
  SCHEDULE_TIPOS,
  type PlatformBackupStatus,
  type PlatformBackupTipo,
  type ScheduleTipo,
} from './platform-backup.constants'

export const backupIdParamSchema = z.object({ id: z.uuid({ message: 'Backup inválido.' }) })
export const scheduleParamSchema = z.object({
  tipo: z.enum(SCHEDULE_TIPOS, { message: 'Agendamento inválido.' }),
})

export const scheduleUpdateSchema = z.object({
  hora: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: 'Informe o horário no formato HH:MM.' })
    .optional(),
  diaSemana: z.number().int().min(0).max(6, { message: 'Dia da semana inválido.' }).optional(),
  ativo: z.boolean().optional(),
})
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>

export const retentionUpdateSchema = z.object({
  retencaoDias: z
    .number({ message: 'Informe a retenção em dias.' })
    .int()
    .min(1, { message: 'A retenção deve ser de 1 a 3650 dias.' })
    .max(3650, { message: 'A retenção deve ser de 1 a 3650 dias.' }),
})

/** Typed confirmation of a restore: it replaces all current data. */
export const RESTORE_CONFIRMATION = 'RESTAURAR'
export const restoreSchema = z.object({
  confirmacao: z.literal(RESTORE_CONFIRMATION, { message: 'Digite RESTAURAR para confirmar.' }),
})

export interface PlatformBackupItem {
  id: string
  nome: string
  tipo: PlatformBackupTipo
  status: PlatformBackupStatus
  error: string | null
  size: number | null
  fileCount: number | null
  dbKind: 'postgres' | 'pglite'
  startedAt: string
  finishedAt: string | null
  restoredAt: string | null
}

export interface PlatformBackupSchedule {
  tipo: ScheduleTipo
  hora: string
  diaSemana: number | null
  ativo: boolean
}

export interface PlatformBackupOverview {
  stats: { total: number; lastBackupAt: string | null; totalSize: number; scheduled: number }
  items: PlatformBackupItem[]
  schedules: PlatformBackupSchedule[]
  retencaoDias: number
  dbKind: 'postgres' | 'pglite'
  restore: {
    /** PostgreSQL restores from the panel; PGlite shows the command to run with the server stopped. */
    mode: 'painel' | 'comando'
    restoringBackupId: string | null
    lastStatus: 'ok' | 'falhou' | null
    lastAt: string | null
  }
}

export interface RestoreCommand {
  command: string
}

export { PLATFORM_BACKUP_STATUSES, PLATFORM_BACKUP_TIPOS }
