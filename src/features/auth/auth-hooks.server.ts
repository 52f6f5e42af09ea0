import type { Database } from '../../db/client.server'
import type { SignUpData } from './auth.schema'

// What auth lets the features above it do when an account is made or a sign-in is refused (decision 007): auth is
// the bottom of the kernel and imports no feature, so the platform's event log, its settings, the profile, the
// lawyer's office and the welcome notification are wired here once by the server shell
// (src/server/feature-hooks.server.ts). The completed sign-in has its own hook (sign-in-listeners.server.ts).

/** The request's database or an open transaction (a sign-up records its event in its own). */
export type AuthExecutor = Database | AuthTransaction
export type AuthTransaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** The platform-log events auth produces (ids and codes only in details: no personal data). */
export interface AuthEvent {
  kind: 'login_falhou' | 'bloqueio_conta' | 'novo_usuario' | 'permissao'
  actorUserId?: string | null
  targetUserId?: string | null
  ip?: string | null
  details?: Record<string, string | number | boolean | null>
}

export type AuthEventListener = (db: AuthExecutor, event: AuthEvent) => Promise<void>

const eventListeners = new Set<AuthEventListener>()

/** Runs `listener` for every event, with the same database or transaction the event happened in. */
export function onAuthEvent(listener: AuthEventListener): void {
  eventListeners.add(listener)
}

export async function emitAuthEvent(db: AuthExecutor, event: AuthEvent): Promise<void> {
  for (const listener of eventListeners) await listener(db, event)
}

/** A new account inside the sign-up's transaction: the user and its credential exist, nothing else yet. */
export interface NewAccount {
  userId: string
  data: SignUpData
}

export type SignUpStep = (tx: AuthTransaction, account: NewAccount) => Promise<void>

const signUpSteps: SignUpStep[] = []

/**
 * Adds a part of a new account (profile, office, welcome…) written in the sign-up's ONE transaction
 * (decision 001), in registration order: a step that throws rolls the whole account back.
 */
export function onSignUp(step: SignUpStep): void {
  signUpSteps.push(step)
}

export async function runSignUpSteps(tx: AuthTransaction, account: NewAccount): Promise<void> {
  // Fail closed: without its steps an account would have no profile (a process that skipped the shell's wiring).
  if (signUpSteps.length === 0)
    throw new Error('sign-up steps not registered (src/server/feature-hooks.server.ts)')
  for (const step of signUpSteps) await step(tx, account)
}

/** The platform's sign-in rules auth enforces (/admin/settings → Segurança). */
export interface LoginPolicy {
  /** Failed sign-ins in a row before the account locks. */
  loginAttempts: number
}

/** Spec §9's value, used only where no provider was registered (a script): the lock still works. */
const DEFAULT_LOGIN_POLICY: LoginPolicy = { loginAttempts: 5 }

let loginPolicy: (db: Database) => Promise<LoginPolicy> = async () => DEFAULT_LOGIN_POLICY

/** Where auth reads its sign-in rules from (the platform settings, cached per node). */
export function provideLoginPolicy(provider: (db: Database) => Promise<LoginPolicy>): void {
  loginPolicy = provider
}

export function getLoginPolicy(db: Database): Promise<LoginPolicy> {
  return loginPolicy(db)
}
