import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

/**
 * How many reverse proxies in front of the server append to X-Forwarded-For (Express's `trust proxy`):
 * 'true' = 1, 'false'/unset = 0 (the socket address is the client). See platform/client-ip.server.ts.
 */
const trustedHops = z
  .string()
  .regex(/^(true|false|\d{1,2})$/, 'use true, false ou o número de proxies (true, false or a hop count)')
  .optional()
  .transform((value) => (value === 'true' ? 1 : value === 'false' || !value ? 0 : Number(value)))

const limit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000_000).default(fallback)

/** Every request limit (issue 7); the defaults are the values the product shipped with. */
const rateLimitVariables = {
  RATE_LIMIT_WINDOW_SECONDS: limit(60),
  RATE_LIMIT_SIGN_IN_MAX: limit(10),
  RATE_LIMIT_SIGN_UP_MAX: limit(5),
  RATE_LIMIT_PASSWORD_RESET_MAX: limit(5),
  RATE_LIMIT_TWO_FACTOR_MAX: limit(10),
  RATE_LIMIT_AUTH_DEFAULT_MAX: limit(200),
  RATE_LIMIT_API_MAX: limit(600),
  RATE_LIMIT_UPLOAD_MAX: limit(30),
  RATE_LIMIT_PRAZOS_MAX: limit(60),
  /** Requests without a session, per client address (issue 24): the public API and the public pages' meta. */
  RATE_LIMIT_ANONYMOUS_MAX: limit(300),
}

/** File storage (issue 8): the local folder by default; an S3-compatible bucket with STORAGE=s3. */
const storageVariables = {
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'deve ser uma URL http(s)://, ex.: https://s3.sa-east-1.amazonaws.com (must be an http(s) URL)',
    })
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** AES-256-GCM key of files and secrets encrypted at rest (issue 12); generated under DATA_DIR when absent. */
  FILES_ENCRYPTION_KEY: z
    .string()
    .regex(
      /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
      'deve ter 32 bytes em hex (64) ou base64 (44) (must be 32 bytes, hex or base64)',
    )
    .optional(),
  /** The platform's signing certificate (issue 25, PAdES): a PKCS#12 file; generated under DATA_DIR when absent. */
  SIGNATURE_P12_PATH: z.string().min(1).optional(),
  SIGNATURE_P12_PASSPHRASE: z.string().optional(),
  /** Largest backup archive a sócio may upload to restore from (issue 12; 512 since issue 24), in MB. */
  BACKUP_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(512),
  /** Total of the uploaded backup archives an office may keep (issue 24), in MB. */
  BACKUP_UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000_000).default(2048),
}
const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

/** The public key the CNJ publishes in the DataJud wiki (API Pública → Acesso); it is rotated now and then. */
export const DATAJUD_PUBLIC_KEY = 'cDZHYzlZa0JadVREZDJCendQbXY6SkJlTzNjLV9TRENyQk1RdnFKZGRQdw=='

const httpUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: 'deve ser uma URL http(s):// (must be an http(s) URL)' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default(fallback)

/** Publicações e Intimações (issue 27): the DJEN (Comunica API) and DataJud's public API. */
const publicationsVariables = {
  DJEN_API_URL: httpUrl('https://comunicaapi.pje.jus.br'),
  /** Pause between two DJEN requests (the issue asks ≥ 500 ms; tests go faster). */
  DJEN_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  DATAJUD_API_URL: httpUrl('https://api-publica.datajud.cnj.jus.br'),
  DATAJUD_API_KEY: z.string().min(1).default(DATAJUD_PUBLIC_KEY),
  /** Timeout of one request to either API, in ms (DataJud answers 504 after about 60 s). */
  PUBLICATIONS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(70_000),
  /** First back-off after a DJEN 5xx, doubled per attempt (tests set a few ms). */
  DJEN_RETRY_BASE_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
}

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// (must start with postgres://)')
    .optional(),
  /** Connections of this node's request pool on PostgreSQL (issue 24); pg-boss and LISTEN use their own. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  PUBLIC_URL: z.url().optional(),
  MASTER_EMAIL: z.email().optional(),
  REQUIRE_EMAIL_CONFIRMATION: booleanFlag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps:// (must start with smtp://)')
    .optional(),
  MAIL_FROM: z.string().min(3).default('JusConecta <nao-responda@jusconecta.local>'),
  /**
   * Development and tests only (issue 24): lets an office's SMTP server be on loopback or a private network
   * (a local mail catcher). Off in production: a sócio's SMTP host must resolve to public addresses only.
   */
  SMTP_ALLOW_PRIVATE_HOSTS: booleanFlag,
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, 'precisa de 32 caracteres ou mais (needs 32+ characters)')
    .optional(),
  TRUST_PROXY: trustedHops,
  ...rateLimitVariables,
  ...storageVariables,
  ...publicationsVariables,
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
})

const envSchema = envObject.superRefine((env, context) => {
  if (env.STORAGE !== 's3') return
  for (const name of S3_REQUIRED)
    if (!env[name])
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'obrigatória quando STORAGE=s3 (required when STORAGE=s3)',
      })
})

export type Env = z.infer<typeof envSchema> & { dataDir: string; publicUrl: string }

export class EnvError extends Error {}

/** Reads and validates the environment once; a bad value names the variable and stops the start. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings mean "not set" (a blank line in .env must not fail validation).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = issue?.path.join('.') ?? '?'
    throw new EnvError(
      `Variável de ambiente inválida ${name}=${JSON.stringify(source[name] ?? '')}: ${issue?.message ?? ''}`,
    )
  }
  const env = parsed.data
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }
}
