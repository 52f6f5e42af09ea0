import type { OfficeSettingsDto, OfficeSettingsInput } from './office-settings.schema'

/** The page's form: text inputs hold strings ('' = empty), switches booleans. */
export interface SettingsForm {
  nomeEscritorio: string
  cnpj: string
  oabRegistro: string
  telefone: string
  endereco: string
  pixTipo: '' | NonNullable<OfficeSettingsDto['pixTipo']>
  pixChave: string
  pixNome: string
  pixCidade: string
  require2fa: boolean
  encryptDocuments: boolean
  auditViewer: boolean
  sessionTimeoutMin: string
  notifyPrazos: boolean
  notifyNewClients: boolean
  weeklyReport: boolean
  alertEmail: string
  backupAutomatico: boolean
  backupFrequencia: OfficeSettingsDto['backupFrequencia']
  backupRetencaoDias: string
  smtpHost: string
  smtpPort: string
  smtpSecurity: OfficeSettingsDto['smtpSecurity']
  smtpUser: string
  /** '' keeps the stored password. */
  smtpPassword: string
  smtpFrom: string
  smtpSignature: string
  prazoAvisoDias: string
}

export type SetField = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => void

export function formFromDto(dto: OfficeSettingsDto, prazoAvisoDias: number | undefined): SettingsForm {
  return {
    nomeEscritorio: dto.nomeEscritorio ?? '',
    cnpj: dto.cnpj ?? '',
    oabRegistro: dto.oabRegistro ?? '',
    telefone: dto.telefone ?? '',
    endereco: dto.endereco ?? '',
    pixTipo: dto.pixTipo ?? '',
    pixChave: dto.pixChave ?? '',
    pixNome: dto.pixNome ?? '',
    pixCidade: dto.pixCidade ?? '',
    require2fa: dto.require2fa,
    encryptDocuments: dto.encryptDocuments,
    auditViewer: dto.auditViewer,
    sessionTimeoutMin: String(dto.sessionTimeoutMin),
    notifyPrazos: dto.notifyPrazos,
    notifyNewClients: dto.notifyNewClients,
    weeklyReport: dto.weeklyReport,
    alertEmail: dto.alertEmail ?? '',
    backupAutomatico: dto.backupAutomatico,
    backupFrequencia: dto.backupFrequencia,
    backupRetencaoDias: String(dto.backupRetencaoDias),
    smtpHost: dto.smtpHost ?? '',
    smtpPort: String(dto.smtpPort),
    smtpSecurity: dto.smtpSecurity,
    smtpUser: dto.smtpUser ?? '',
    smtpPassword: '',
    smtpFrom: dto.smtpFrom ?? '',
    smtpSignature: dto.smtpSignature ?? '',
    prazoAvisoDias: prazoAvisoDias === undefined ? '' : String(prazoAvisoDias),
  }
}

/** What PUT /api/office-settings receives (the server trims, validates and normalises). */
export function inputFromForm(form: SettingsForm): OfficeSettingsInput {
  const { prazoAvisoDias: _prazo, smtpPassword, pixTipo, ...rest } = form
  return {
    ...rest,
    pixTipo: pixTipo === '' ? null : pixTipo,
    // Empty: keep the stored password (the field never shows it).
    ...(smtpPassword === '' ? {} : { smtpPassword }),
  }
}
