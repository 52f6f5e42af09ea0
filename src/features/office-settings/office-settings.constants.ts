// Enumerations of the office settings, shared by the table, the zod schema and the page.
export const PIX_TIPOS = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const
export type PixTipo = (typeof PIX_TIPOS)[number]

export const BACKUP_FREQUENCIAS = ['diario', 'semanal'] as const
export type BackupFrequencia = (typeof BACKUP_FREQUENCIAS)[number]

export const SMTP_SECURITIES = ['tls', 'ssl'] as const
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number]

/**
 * The only ports an office's mail server may listen on (issue 24): SMTP relay, SMTPS, submission and the
 * common alternative. Any other port would let the 'Testar' button probe services that are not mail servers.
 */
export const SMTP_PORTS = [25, 465, 587, 2525] as const
