import { eq, sql } from 'drizzle-orm'
import type { AppDeps } from '../../platform/app-env.server'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import type { TestApp } from '../../test/test-app'
import { platformSettings } from '../platform-settings/platform-settings.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import { runBilling } from './platform-billing.job.server'
import { platformCharges, platformSubscriptions } from './platform-billing.table.server'

// What the /admin/financial tests share: the four callers of the access matrix, and charges made the way
// production makes them (sign-up → trial → the billing run), never inserted by hand.

export interface Caller {
  cookie: string
  id: string
}

async function account(t: TestApp, data = lawyerSignUp(), master = false): Promise<Caller> {
  let { cookie } = await signUp(t, data)
  if (master) cookie = await becomeMaster(t, data.email)
  const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
  return { cookie, id: me.user.id as string }
}

/** Ordinary user, admin (not super) and superadmin (the master account, confirmed). */
export async function financialCallers(t: TestApp, masterEmail: string) {
  const master = await account(
    t,
    lawyerSignUp({ email: masterEmail, nomeCompleto: 'Mestre Financeiro' }),
    true,
  )
  const plain = await account(t, lawyerSignUp({ nomeCompleto: 'Paula Comum' }))
  const admin = await account(t, lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: admin.id, role: 'admin' })
  return { master, plain, admin }
}

export function call(t: TestApp, method: string, path: string, cookie?: string, body?: unknown) {
  return t.app.request(path, jsonRequest(method, body, cookie))
}

export function upload(
  t: TestApp,
  path: string,
  cookie: string | undefined,
  body: string | Uint8Array<ArrayBuffer>,
) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : new Blob([body]),
  })
}

/** The platform's receiving Pix account, as /admin/settings would store it. */
export async function configurePlatformPix(t: TestApp) {
  await t.handle.db
    .update(platformSettings)
    .set({
      pixKeyType: 'email',
      pixKey: 'financeiro@jusconecta.test',
      pixMerchantName: 'JusConecta',
      pixMerchantCity: 'Sao Paulo',
      autoBilling: true,
    })
    .where(eq(platformSettings.id, 1))
}

/** Every trial ended yesterday; then the billing run issues each office's first charge (as the daily job). */
export async function endTrialsAndBill(t: TestApp & { deps: AppDeps }) {
  await t.handle.db.update(platformSubscriptions).set({ trialEndsAt: sql`now() - interval '1 day'` })
  return runBilling(t.deps, new Date())
}

export async function chargeOf(t: TestApp, officeUserId: string) {
  const [row] = await t.handle.db
    .select()
    .from(platformCharges)
    .innerJoin(platformSubscriptions, eq(platformSubscriptions.id, platformCharges.subscriptionId))
    .where(eq(platformSubscriptions.userId, officeUserId))
  if (!row) throw new Error('no charge for that office')
  return row.platform_charges
}
