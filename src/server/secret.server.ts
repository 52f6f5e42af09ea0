import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * Several nodes on one PostgreSQL must sign cookies with one secret: a generated one would differ per node
 * (each has its own DATA_DIR) and a session made on one node would be refused on the next. So with
 * DATABASE_URL the secret is required; the message is the one line the start prints before it stops.
 */
export function missingSharedSecret(env: {
  DATABASE_URL?: string
  BETTER_AUTH_SECRET?: string
}): string | undefined {
  if (!env.DATABASE_URL || env.BETTER_AUTH_SECRET) return undefined
  return (
    'defina BETTER_AUTH_SECRET (32+ caracteres, a mesma em todos os servidores): com DATABASE_URL ela é ' +
    'obrigatória, senão cada servidor geraria a sua e as sessões de um não valeriam nos outros.'
  )
}

/** BETTER_AUTH_SECRET when given; otherwise one generated on first start and kept in DATA_DIR (mode 600). */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'auth-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  return secret
}
