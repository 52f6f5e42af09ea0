import { eq } from 'drizzle-orm'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { NivelAcesso } from '../offices/offices.public'
import type { OfficeSettingsDto, OfficeSettingsInput } from './office-settings.schema'

/** The page's form as the defaults fill it: what 'Salvar Configurações' sends untouched. */
export function defaultInput(overrides: Partial<OfficeSettingsInput> = {}): OfficeSettingsInput {
  return {
    nomeEscritorio: null,
    cnpj: null,
    oabRegistro: null,
    telefone: null,
    endereco: null,
    pixTipo: null,
    pixChave: null,
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
    smtpFrom: null,
    smtpSignature: null,
    ...overrides,
  }
}

export async function saveSettings(
  t: TestApp,
  cookie: string,
  overrides: Partial<OfficeSettingsInput> = {},
): Promise<OfficeSettingsDto> {
  const response = await t.app.request(
    '/api/office-settings',
    jsonRequest('PUT', defaultInput(overrides), cookie),
  )
  if (response.status !== 200) throw new Error(`save failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as OfficeSettingsDto
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}

export async function officeOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(t, email)))
  if (!row) throw new Error(`${email} has no office`)
  return row.officeId
}

/** A sócio with their own office (sign-up), and helpers to add members at other levels. */
export async function officeWithSocio(t: TestApp, nomeCompleto = 'Sofia Sócia') {
  const socio = await signUp(t, lawyerSignUp({ nomeCompleto }))
  const officeId = await officeOf(t, socio.email)
  return {
    socio,
    officeId,
    async member(nivel: NivelAcesso, nome: string) {
      const account = await signUp(t, {
        ...lawyerSignUp({ nomeCompleto: nome }),
        userType: 'estudante',
        oabNumero: undefined,
        oabEstado: undefined,
        universidade: 'USP',
        periodoCurso: 5,
      } as unknown as SignUpInput)
      await t.handle.db
        .insert(officeMembers)
        .values({ officeId, userId: await userIdOf(t, account.email), nivelAcesso: nivel })
      return account
    },
  }
}
