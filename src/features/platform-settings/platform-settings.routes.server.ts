import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { getEncryptionKey } from '../../platform/file-encryption.server'
import { ApiError, unauthorized } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { requireRole } from '../auth/auth.public.server'
import {
  getPlatformSettings,
  readPlatformSettings,
  settlePlatformSettings,
} from './platform-settings.cache.server'
import { auditPlatformSettings } from './platform-settings.hooks.server'
import {
  PLATFORM_SETTINGS_MESSAGES,
  platformSettingsInput,
  type PlatformSettingsDto,
  type PlatformStatusCards,
  type PublicPlatformInfo,
  type SmtpTestResult,
} from './platform-settings.schema'
import {
  platformStatusCards,
  savePlatformSettings,
  sendPlatformTestMail,
  toPlatformSettingsDto,
} from './platform-settings.service.server'

const TAG = apiTag(
  'Configurações da plataforma',
  'Configurações gerais, e-mail, pagamentos e segurança da plataforma (/admin/settings).',
)

// Each 'Testar' opens a connection from our server to a host typed in the form: a few a minute is plenty.
const smtpTestLimit = rateLimit({
  name: 'platform-smtp-test',
  rule: () => ({ windowSeconds: 60, max: 5 }),
  key: (c) => c.get('user')?.id,
})

const smtpTestInput = z.object({ to: z.email('E-mail inválido.').max(254).optional() })

/** /admin/settings (issue 14): superadmin only, on the server, whatever the browser shows. */
const adminSettingsRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .use(noStore())
  .get('/', routeDoc(TAG, 'Configurações da plataforma (sem a senha SMTP) — superadmin'), async (c) => {
    const row = await readPlatformSettings(c.get('db'))
    return c.json<PlatformSettingsDto>(toPlatformSettingsDto(row, c.get('deps').env.publicUrl))
  })
  .put(
    '/',
    routeDoc(TAG, 'Salva as configurações da plataforma — superadmin'),
    validate('json', platformSettingsInput),
    async (c) => {
      const user = c.get('user')
      if (!user) throw unauthorized()
      const values = c.req.valid('json')
      const key = await getEncryptionKey(c.get('deps').env)
      const row = await c.get('db').transaction(async (tx) => {
        const fields = await savePlatformSettings(tx, user.id, values, key)
        await auditPlatformSettings(
          c,
          {
            action: 'platform_settings.update',
            entity: 'platform_settings',
            entityId: '1',
            details: { fields },
          },
          tx,
        )
        return readPlatformSettings(tx)
      })
      // This node obeys the new settings from the very next request (the others on their NOTIFY).
      await settlePlatformSettings(c.get('db'))
      return c.json<PlatformSettingsDto>(toPlatformSettingsDto(row, c.get('deps').env.publicUrl))
    },
  )
  .get(
    '/status',
    routeDoc(TAG, 'Cartões: status do sistema, usuários ativos, armazenamento, receita — superadmin'),
    async (c) => c.json<PlatformStatusCards>(await platformStatusCards(c.get('db'))),
  )
  // Tests the SAVED server (the page saves first): the answer is the server's own, success or error.
  .post(
    '/smtp-test',
    routeDoc(TAG, 'Envia um e-mail de teste pelo SMTP salvo da plataforma — superadmin'),
    smtpTestLimit,
    validate('json', smtpTestInput),
    async (c) => {
      const to = c.req.valid('json').to ?? c.get('user')?.email ?? ''
      const result = await sendPlatformTestMail(c.get('deps'), to)
      if (!result)
        throw new ApiError(409, 'smtp_not_configured', PLATFORM_SETTINGS_MESSAGES.smtpNotConfigured)
      await auditPlatformSettings(c, {
        action: 'platform_settings.smtp_test',
        entity: 'platform_settings',
        entityId: '1',
        details: { ok: result.ok },
      })
      return c.json<SmtpTestResult>(result)
    },
  )

/** Mounted at /api/platform-settings. */
export const platformSettingsRoutes = new Hono<AppEnv>()
  // Every visitor's SPA: the name for the title and header, maintenance and sign-ups for their screens.
  .get(
    '/public',
    routeDoc(TAG, 'Nome da plataforma, modo manutenção e cadastros abertos (público)'),
    async (c) => {
      const s = await getPlatformSettings(c.get('db'))
      c.header('Cache-Control', 'no-cache')
      return c.json<PublicPlatformInfo>({
        platformName: s.platformName,
        maintenanceMode: s.maintenanceMode,
        signupsOpen: s.signupsOpen,
      })
    },
  )
  .route('/', adminSettingsRoutes)
