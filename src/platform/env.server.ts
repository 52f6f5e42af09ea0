import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// (must start with postgres://)')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  MASTER_EMAIL: z.email().optional(),
  REQUIRE_EMAIL_CONFIRMATION: booleanFlag,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps:// (must start with smtp://)')
    .optional(),
  MAIL_FROM: z.string().min(3).default('JusConecta <nao-responda@jusconecta.local>'),
  BETTER_AUTH_SECRET: z
    .string()
    .min(32, 'precisa de 32 caracteres ou mais (needs 32+ characters)')
    .optional(),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
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
