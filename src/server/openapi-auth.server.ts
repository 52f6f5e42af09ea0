import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { openAPI } from 'better-auth/plugins'
import type { AppDeps } from '../platform/app-env.server'
import { AUTH_API_TAG } from '../features/auth/auth.public.server'
import { apiTag, operationSpec, type ApiTag } from '../platform/route-doc.server'

const TWO_FACTOR = apiTag('Verificação em duas etapas', 'Aplicativo autenticador (TOTP) e códigos de backup.')

interface AuthOperationDoc {
  summary: string
  public?: true
}

/**
 * better-auth's endpoints that the product uses and supports, by "METHOD path" under /api/auth. The
 * others it mounts (social sign-in, its own sign-up, user update/deletion…) are off or unused here, so
 * they are not part of the contract. A path better-auth stops generating makes the document fail.
 */
export const AUTH_OPERATION_DOCS: Record<string, AuthOperationDoc> = {
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

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> }

/**
 * The supported better-auth operations, by full path (/api/auth/…) and method, with our pt-BR summary and
 * section. better-auth's own success answers (its User and Session schemas) stay; its English description and
 * its 400 (not our error shape) go.
 */
export async function describeAuthOperations(auth: AppDeps['auth']) {
  const generated = await createDocAuth(auth).api.generateOpenAPISchema()
  const operations = new Map<string, Record<string, Operation>>()
  for (const [key, doc] of Object.entries(AUTH_OPERATION_DOCS)) {
    const [method = '', path = ''] = key.split(' ')
    const found = (generated.paths[path] as Record<string, unknown> | undefined)?.[method.toLowerCase()]
    if (!found) throw new Error(`OpenAPI: better-auth no longer describes ${key}`)
    const operation = structuredClone(found) as Operation
    delete operation.description
    const tag: ApiTag = path.startsWith('/two-factor/') ? TWO_FACTOR : AUTH_API_TAG
    const spec = operationSpec(tag, doc.summary, doc)
    const success = Object.entries(operation.responses ?? {}).filter(
      ([code, response]) => /^2/.test(code) && response && Object.keys(response).length > 0,
    )
    Object.assign(operation, spec, {
      responses:
        success.length > 0
          ? { ...Object.fromEntries(success), default: spec.responses.default }
          : spec.responses,
    })
    const fullPath = `/api/auth${path}`
    operations.set(fullPath, { ...operations.get(fullPath), [method.toLowerCase()]: operation })
  }
  return { operations, schemas: generated.components.schemas }
}
