import { describe, expect, it } from 'vitest'
import { officeSettingsInput, type OfficeSettingsDto } from './office-settings.schema'
import { formFromDto, inputFromForm } from './settings-form'

const dto: OfficeSettingsDto = {
  nomeEscritorio: null,
  cnpj: '11.222.333/0001-81',
  oabRegistro: null,
  telefone: null,
  endereco: null,
  pixTipo: null,
  pixChave: null,
  pixNome: null,
  pixCidade: null,
  require2fa: true,
  encryptDocuments: false,
  auditViewer: true,
  sessionTimeoutMin: 120,
  notifyPrazos: true,
  notifyNewClients: false,
  weeklyReport: false,
  alertEmail: null,
  backupAutomatico: true,
  backupFrequencia: 'semanal',
  backupRetencaoDias: 30,
  smtpHost: 'smtp.x.com',
  smtpPort: 465,
  smtpSecurity: 'ssl',
  smtpUser: null,
  smtpPasswordSet: true,
  smtpFrom: 'a@x.com',
  smtpSignature: null,
  officeName: 'Escritório X',
  updatedAt: '2026-11-25T10:00:00.000Z',
}

describe('the advanced-settings form', () => {
  it('sends back what it loaded: the server accepts it unchanged and the password is kept', () => {
    const input = inputFromForm(formFromDto(dto, 3))
    expect(input).not.toHaveProperty('smtpPassword')
    expect(input).not.toHaveProperty('prazoAvisoDias')
    const parsed = officeSettingsInput.parse(input)
    expect(parsed).toMatchObject({ sessionTimeoutMin: 120, smtpPort: 465, pixTipo: null, cnpj: dto.cnpj })
  })

  it('sends a typed password and empty texts as null', () => {
    const form = { ...formFromDto(dto, 3), smtpPassword: 'nova', alertEmail: '   ' }
    const parsed = officeSettingsInput.parse(inputFromForm(form))
    expect(parsed.smtpPassword).toBe('nova')
    expect(parsed.alertEmail).toBeNull()
  })
})
