import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { getEncryptionKey } from '../../platform/file-encryption.server'
import { ApiError, unauthorized } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { sendTestMail, storedOfficeSmtp } from './office-mail.server'
import {
  OFFICE_SETTINGS_MESSAGES,
  officeSettingsInput,
  smtpTestInput,
  type OfficeSettingsDto,
  type SmtpTestResult,
} from './office-settings.schema'
import { readSettingsDto, restoreDefaults, saveSettings } from './office-settings.service.server'

const TAG = apiTag('Configurações Avançadas', 'Do escritório atual (só sócios).')

// Each 'Testar' opens a connection from our server to a host the sócio typed: a few a minute is plenty.
const smtpTestLimit = rateLimit({
  name: 'smtp-test',
  rule: () => ({ windowSeconds: 60, max: 5 }),
  key: (c) => c.get('user')?.id,
})

// Configurações Avançadas (issue 12) of the CURRENT office: sócios only ('office.settings').
export const officeSettingsRoutes = new Hono<AppEnv>()
  .use(requireOffice('office.settings'))
  .use(noStore())
  .get('/', routeDoc(TAG, 'Configurações Avançadas do escritório (sem a senha SMTP)'), async (c) => {
    return c.json<OfficeSettingsDto>(await readSettingsDto(c.get('db'), c.get('office').id))
  })
  .put(
    '/',
    routeDoc(TAG, 'Salva as Configurações Avançadas do escritório'),
    validate('json', officeSettingsInput),
    async (c) => {
      const values = c.req.valid('json')
      const key = await getEncryptionKey(c.get('deps').env)
      const dto = await c.get('db').transaction(async (tx) => {
        const fields = await saveSettings(tx, c.get('office').id, c.get('office').userId, values, key)
        // Field names only: the values include a CNPJ, a Pix key and (encrypted) credentials.
        await recordOfficeAudit(
          c,
          {
            action: 'office_settings.update',
            entity: 'office',
            entityId: c.get('office').id,
            details: { fields },
          },
          tx,
        )
        return readSettingsDto(tx, c.get('office').id)
      })
      return c.json<OfficeSettingsDto>(dto)
    },
  )
  .post('/restore', routeDoc(TAG, 'Restaura o padrão das Configurações Avançadas'), async (c) => {
    const dto = await c.get('db').transaction(async (tx) => {
      await restoreDefaults(tx, c.get('office').id, c.get('office').userId)
      await recordOfficeAudit(
        c,
        { action: 'office_settings.restore', entity: 'office', entityId: c.get('office').id, details: {} },
        tx,
      )
      return readSettingsDto(tx, c.get('office').id)
    })
    return c.json<OfficeSettingsDto>(dto)
  })
  // Tests the SAVED server (the page saves first), to the signed-in sócio's own address only, and answers a
  // fixed category: never the server's reply or a network error (issue 24, no port or banner scanning).
  .post(
    '/smtp-test',
    routeDoc(TAG, 'Envia um e-mail de teste pelo SMTP do escritório'),
    smtpTestLimit,
    validate('json', smtpTestInput),
    async (c) => {
      const smtp = await storedOfficeSmtp(c.get('deps'), c.get('office').id)
      if (!smtp) throw new ApiError(409, 'smtp_not_configured', OFFICE_SETTINGS_MESSAGES.smtpNotConfigured)
      const to = c.get('user')?.email
      if (!to) throw unauthorized()
      const { nome } = await readSettingsDto(c.get('db'), c.get('office').id).then((dto) => ({
        nome: dto.nomeEscritorio ?? dto.officeName,
      }))
      const result = await sendTestMail(smtp, to, nome, { env: c.get('deps').env })
      await recordOfficeAudit(c, {
        action: 'office_settings.smtp_test',
        entity: 'office',
        entityId: c.get('office').id,
        details: { ok: result.ok, outcome: result.outcome },
      })
      return c.json<SmtpTestResult>(result)
    },
  )
