import { randomBytes } from 'node:crypto'
import type { SignUpInput } from '../features/auth/auth.schema'
import type { TestApp } from './test-app'

export const SAO_PAULO = { estadoId: 35, cidadeId: 3550308 }

/** Sign-up data for a valid lawyer; pass overrides for the fields a test cares about. */
export function lawyerSignUp(overrides: Partial<Extract<SignUpInput, { userType: 'advogado' }>> = {}) {
  const email = `adv-${randomBytes(4).toString('hex')}@example.com`
  return {
    userType: 'advogado' as const,
    email,
    password: 'senha-segura-123',
    confirmPassword: 'senha-segura-123',
    nomeCompleto: 'Ana Advogada',
    telefone: '(11) 98765-4321',
    ...SAO_PAULO,
    oabNumero: '123456',
    oabEstado: 'SP' as const,
    ...overrides,
  }
}

export function jsonRequest(method: string, body?: unknown, cookie?: string): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** Signs up through the real route and returns the session cookie. */
export async function signUp(t: TestApp, data: SignUpInput = lawyerSignUp()) {
  const response = await t.app.request('/api/auth/sign-up', jsonRequest('POST', data))
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
  return { cookie: cookieFrom(response), email: data.email }
}
