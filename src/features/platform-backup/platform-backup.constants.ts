/** Platform backup codes (issue 14). Stored as codes; the screen shows the pt-BR labels of the i18n catalog. */
export const PLATFORM_BACKUP_TIPOS = ['manual', 'diario', 'semanal'] as const
export type PlatformBackupTipo = (typeof PLATFORM_BACKUP_TIPOS)[number]

/** 'processando' → 'Processando', 'concluido' → 'Concluído', 'falhou' → 'Falhou'. */
export const PLATFORM_BACKUP_STATUSES = ['processando', 'concluido', 'falhou'] as const
export type PlatformBackupStatus = (typeof PLATFORM_BACKUP_STATUSES)[number]

export const SCHEDULE_TIPOS = ['diario', 'semanal'] as const
export type ScheduleTipo = (typeof SCHEDULE_TIPOS)[number]

/** Spec §9: backup retention 30 days; daily 02:00; weekly Sundays 01:00 (0 = Sunday). */
export const DEFAULT_RETENTION_DAYS = 30
export const DEFAULT_SCHEDULES = {
  diario: { hora: '02:00', diaSemana: null },
  semanal: { hora: '01:00', diaSemana: 0 },
} as const satisfies Record<ScheduleTipo, { hora: string; diaSemana: number | null }>
