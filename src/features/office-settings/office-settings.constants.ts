// Enumerations of the office settings, shared by the table, the zod schema and the page.
export const PIX_TIPOS = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const
export type PixTipo = (typeof PIX_TIPOS)[number]

export const BACKUP_FREQUENCIAS = ['diario', 'semanal'] as const
export type BackupFrequencia = (typeof BACKUP_FREQUENCIAS)[number]

export const SMTP_SECURITIES = ['tls', 'ssl'] as const
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number]
