import type { ApiErrorBody } from '../../lib/api-error'
import { RATE_LIMIT_MESSAGE } from '../../platform/rate-limit.server'
import { PASSWORD_MIN } from './auth.schema'

/**
 * better-auth answers in English (`{ code, message }`, and a bare English 429). Every error it sends leaves
 * translated to pt-BR (spec §8 wording where the spec has one). Codes stay better-auth's, so screens can
 * still branch on them.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou senha inválidos',
  EMAIL_NOT_VERIFIED: 'Email não confirmado. Verifique sua caixa de entrada.',
  USER_NOT_FOUND: 'Usuário não encontrado',
  INVALID_EMAIL: 'Email inválido',
  PASSWORD_TOO_SHORT: `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres`,
  PASSWORD_TOO_LONG: 'A senha deve ter no máximo 128 caracteres',
  INVALID_PASSWORD: 'Senha incorreta.',
  INVALID_TOKEN: 'Este link é inválido, expirou ou já foi usado. Peça um novo.',
  TOKEN_EXPIRED: 'Este link expirou. Peça um novo.',
  SESSION_EXPIRED: 'Sessão expirada. Entre novamente.',
  FAILED_TO_GET_SESSION: 'Sessão expirada. Entre novamente.',
  FAILED_TO_CREATE_SESSION: 'Não foi possível iniciar a sessão. Tente novamente.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Esta conta não tem senha cadastrada.',
  EMAIL_ALREADY_VERIFIED: 'Este email já foi confirmado.',
  INVALID_ORIGIN: 'Acesso negado.',
  MISSING_OR_NULL_ORIGIN: 'Acesso negado.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Acesso negado.',
  VALIDATION_ERROR: 'Requisição inválida.',
  // two-factor plugin
  INVALID_CODE: 'Código inválido. Confira o código do aplicativo autenticador.',
  INVALID_BACKUP_CODE: 'Código de backup inválido.',
  OTP_HAS_EXPIRED: 'O código expirou. Gere um novo.',
  TOTP_NOT_ENABLED: 'A verificação em duas etapas não está ativa.',
  TWO_FACTOR_NOT_ENABLED: 'A verificação em duas etapas não está ativa.',
  TOTP_ALREADY_ENABLED: 'A verificação em duas etapas já está ativa.',
  BACKUP_CODES_NOT_ENABLED: 'Códigos de backup não estão ativos.',
  INVALID_TWO_FACTOR_COOKIE: 'A verificação expirou. Entre novamente com email e senha.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: RATE_LIMIT_MESSAGE,
  ACCOUNT_TEMPORARILY_LOCKED:
    'Muitas tentativas com código errado. Aguarde alguns minutos e tente novamente.',
}

const BY_STATUS: Partial<Record<number, string>> = {
  400: 'Requisição inválida.',
  401: 'Sessão expirada. Entre novamente.',
  403: 'Acesso negado.',
  404: 'Recurso não encontrado.',
  429: RATE_LIMIT_MESSAGE,
}

export function authErrorMessage(status: number, code: string | undefined): string {
  return (code && MESSAGES[code]) ?? BY_STATUS[status] ?? 'Erro inesperado. Tente novamente mais tarde.'
}

/**
 * Rewrites an error answer of better-auth's handler into our error shape (DESIGN §5) with a pt-BR message.
 * The top-level `code`/`message` of better-auth's own shape are kept (translated) for callers that read them.
 * Successful answers and redirects pass through untouched; cookies and headers are kept.
 */
export async function localizeAuthResponse(response: Response): Promise<Response> {
  if (response.status < 400) return response
  let original: { code?: unknown } | null = null
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    original = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown } | null
  }
  const originalCode = typeof original?.code === 'string' ? original.code : undefined
  const code = response.status === 429 ? 'rate_limited' : (originalCode ?? `http_${response.status}`)
  // The lockout's answer (sign-in-guard.server.ts) is ours, already pt-BR, and says when the lock ends.
  const ownMessage =
    originalCode === 'ACCOUNT_LOCKED' || originalCode === 'ACCOUNT_BLOCKED'
      ? (original as { message?: unknown }).message
      : null
  const message =
    typeof ownMessage === 'string' ? ownMessage : authErrorMessage(response.status, originalCode)
  const headers = new Headers(response.headers)
  headers.set('content-type', 'application/json; charset=utf-8')
  headers.delete('content-length')
  const retryAfter = headers.get('x-retry-after')
  if (response.status === 429 && retryAfter) headers.set('retry-after', retryAfter)
  const body: ApiErrorBody & { code: string; message: string } = { code, message, error: { code, message } }
  return new Response(JSON.stringify(body), { status: response.status, headers })
}
