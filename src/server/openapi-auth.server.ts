import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { openAPI } from 'better-auth/plugins'
import type { AppDeps } from '../platform/app-env.server'
import type { OperationDoc } from './openapi-operations.server'

/**
 * better-auth's endpoints that the product uses and supports, by "METHOD path" under /api/auth. The
 * others it mounts (social sign-in, its own sign-up, user update/deletion…) are off or unused here, so
 * they are not part of the contract. A path better-auth stops generating makes the document fail.
 */
export const AUTH_OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /sign-in/email': { summary: 'Entrar com e-mail e senha (define o cookie de sessão)', public: true },
  'POST /sign-out': { summary: 'Sair (encerra a sessão atual)' },
  'GET /get-session': { summary: 'Sessão atual (null quando não há sessão)', public: true },
  'POST /request-password-reset': { summary: 'Pede o e-mail de redefinição de senha', public: true },
  'GET /reset-password/{token}': {
    summary: 'Link do e-mail de redefinição: redireciona para a página da nova senha',
    public: true,
  },
  'POST /reset-password': { summary: 'Define a nova senha com o token do e-mail', public: true },
  'GET /verify-email': { summary: 'Link de confirmação do e-mail', public: true },
  'POST /send-verification-email': { summary: 'Reenvia o e-mail de confirmação', public: true },
  'POST /change-password': { summary: 'Troca a senha' },
  'GET /list-sessions': { summary: 'Sessões ativas da conta' },
  'POST /revoke-session': { summary: 'Encerra uma sessão pelo token' },
  'POST /revoke-sessions': { summary: 'Encerra todas as sessões' },
  'POST /revoke-other-sessions': { summary: 'Encerra as outras sessões' },
  'POST /two-factor/enable': { summary: 'Inicia a ativação da verificação em duas etapas' },
  'POST /two-factor/disable': { summary: 'Desativa a verificação em duas etapas' },
  'POST /two-factor/get-totp-uri': { summary: 'URI do autenticador (QR code)' },
  'POST /two-factor/verify-totp': {
    summary: 'Confirma um código do autenticador (na ativação ou na entrada)',
    public: true,
  },
  'POST /two-factor/verify-backup-code': { summary: 'Entra com um código de backup', public: true },
  'POST /two-factor/generate-backup-codes': { summary: 'Gera novos códigos de backup' },
}

type AuthDocument = Awaited<ReturnType<ReturnType<typeof createDocAuth>['api']['generateOpenAPISchema']>>
export type AuthPathItem = AuthDocument['paths'][string]

/**
 * A second better-auth instance with the very same options plus its openAPI plugin, used only to
 * generate the description: the app's own instance stays without the plugin, so its raw schema and
 * reference page (which loads Scalar from a CDN) are never served.
 */
function createDocAuth(auth: AppDeps['auth']) {
  const options = auth.options as BetterAuthOptions
  return betterAuth({
    ...options,
    plugins: [...(options.plugins ?? []), openAPI({ disableDefaultReference: true })],
  })
}

/** The supported better-auth operations, keyed "METHOD path" (path without the /api/auth prefix). */
export async function describeAuthOperations(auth: AppDeps['auth']) {
  const generated = await createDocAuth(auth).api.generateOpenAPISchema()
  const operations = new Map<string, Record<string, unknown>>()
  for (const key of Object.keys(AUTH_OPERATION_DOCS)) {
    const [method = '', path = ''] = key.split(' ')
    const operation = (generated.paths[path] as Record<string, unknown> | undefined)?.[method.toLowerCase()]
    if (!operation) throw new Error(`OpenAPI: better-auth no longer describes ${key}`)
    operations.set(key, operation as Record<string, unknown>)
  }
  return { operations, schemas: generated.components.schemas }
}
