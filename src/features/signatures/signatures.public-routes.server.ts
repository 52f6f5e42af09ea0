import { readFile } from 'node:fs/promises'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { clientIp } from '../../platform/client-ip.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { rateLimit } from '../../platform/rate-limit.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { FileTooLargeError, UploadAbortedError, spoolUpload } from '../../platform/upload-spool.server'
import { validate } from '../../platform/validate.server'
import { recordAudit } from '../audit/audit.public.server'
import { createNotification } from '../notifications/notifications.public.server'
import { completeRequest, originalPdf, verifyByCode, verifyFile } from './signatures.complete.server'
import type { StoredSignedPdf } from './signatures.files.server'
import { sendSigningCode } from './signatures.mail.server'
import {
  refuseBody,
  signBody,
  SIGNATURE_MESSAGES,
  tokenParam,
  verifyCodeQuery,
  VERIFY_MAX_BYTES,
  type PublicSigningInfo,
  type VerificationResult,
} from './signatures.schema'
import { hashSecret, type Executor } from './signatures.service.server'
import {
  assertPending,
  checkCode,
  describeSigner,
  issueCode,
  loadSigner,
  recordRefusal,
  recordSignature,
  type SignerRecord,
} from './signatures.signing.server'

// The public side of /api/signatures (no session): the signer's page by token, and /verificar. The token is
// 256 bits (guessing is hopeless), but every route is limited per address, the code e-mail per link too.

export const SIGNATURE_VERIFY_PATH = '/api/signatures/verify'

/** The section of both sides of /api/signatures (signatures.routes.server.ts uses it too). */
export const SIGNATURES_TAG = apiTag(
  'Assinaturas',
  'Assinatura eletrônica avançada (Lei 14.063/2020) de documentos PDF pelo cliente: envio por link pessoal, código por e-mail, página de evidências e assinatura PAdES da plataforma; verificação pública.',
)
const TAG = SIGNATURES_TAG

const perAddress = (name: string, max: number) =>
  rateLimit({
    name,
    rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max }),
    key: (c) => clientIp(c, c.get('deps').env.TRUST_PROXY) ?? 'unknown',
  })
const linkLimit = perAddress('signature-link', 60)
const verifyLimit = perAddress('signature-verify', 20)
/** A code e-mail at most 3 times a window per link: the signer's inbox is not ours to flood. */
const codeLimit = rateLimit({
  name: 'signature-code',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: 3 }),
  // The token's hash, never the token: the counters live in a table.
  key: (c) => hashSecret(c.req.param('token') ?? ''),
})

const ip = (c: Context<AppEnv>) => clientIp(c, c.get('deps').env.TRUST_PROXY) ?? null

function audit(
  tx: Executor,
  c: Context<AppEnv>,
  signer: SignerRecord,
  action: 'signature.code' | 'signature.sign' | 'signature.refuse' | 'signature.lock' | 'signature.complete',
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    officeId: signer.officeId,
    actorUserId: null,
    action,
    entity: 'signature_request',
    entityId: signer.requestId,
    details: { documento: signer.documentName, signatario: signer.name, ...details },
    ip: ip(c),
  })
}

async function notifySender(c: Context<AppEnv>, signer: SignerRecord, title: string, message: string) {
  if (!signer.createdBy) return
  await createNotification(c.get('db'), {
    userId: signer.createdBy,
    officeId: signer.officeId,
    title,
    message,
    type: title.includes('recusad') ? 'warning' : 'success',
    link: '/dashboard/documents',
  }).catch((error: unknown) => log.error('signature notification failed', { error }))
}

export const signingPublicRoutes = new Hono<AppEnv>()
  .get(
    '/public/:token',
    routeDoc(TAG, 'Página do signatário: documento, escritório e situação do link', { public: true }),
    linkLimit,
    validate('param', tokenParam),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      const signer = await loadSigner(c.get('db'), c.req.valid('param').token, false)
      return c.json<PublicSigningInfo>(describeSigner(signer))
    },
  )
  .get(
    '/public/:token/file',
    routeDoc(TAG, 'O PDF a assinar, pelo link do signatário', { media: 'application/pdf', public: true }),
    linkLimit,
    validate('param', tokenParam),
    async (c) => {
      const db = c.get('db')
      const signer = await loadSigner(db, c.req.valid('param').token, false)
      assertPending(signer)
      const original = await originalPdf(db, c.get('deps').env, signer)
      if (!original) throw notFound(SIGNATURE_MESSAGES.documentNotFound)
      return new Response(new Uint8Array(original.bytes), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(original.bytes.length),
          'Content-Disposition': contentDisposition('inline', original.version.originalName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
          'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        },
      })
    },
  )
  .post(
    '/public/:token/code',
    routeDoc(TAG, 'Envia o código de 6 dígitos ao e-mail do signatário', { public: true }),
    linkLimit,
    codeLimit,
    validate('param', tokenParam),
    async (c) => {
      const sent = await c.get('db').transaction(async (tx) => {
        const signer = await loadSigner(tx, c.req.valid('param').token, true)
        const code = await issueCode(tx, signer)
        await audit(tx, c, signer, 'signature.code')
        return { signer, code }
      })
      await sendSigningCode(c.get('deps'), sent.signer.officeId, {
        name: sent.signer.name,
        email: sent.signer.email,
        code: sent.code,
        documentName: sent.signer.documentName,
      })
      return c.json({ sent: true })
    },
  )
  .post(
    '/public/:token/sign',
    routeDoc(TAG, 'Assina com código, nome completo, CPF e consentimento', { public: true }),
    linkLimit,
    validate('param', tokenParam),
    validate('json', signBody),
    async (c) => {
      const body = c.req.valid('json')
      const env = c.get('deps').env
      let stored: StoredSignedPdf | null = null
      const outcome = await c
        .get('db')
        .transaction(async (tx) => {
          const signer = await loadSigner(tx, c.req.valid('param').token, true)
          assertPending(signer)
          const check = await checkCode(tx, signer, body.code)
          // A wrong code is counted (committed) before the refusal is answered.
          if (!check.ok) {
            if (check.locked) await audit(tx, c, signer, 'signature.lock')
            return { kind: 'wrong' as const, check }
          }
          if (signer.cpf && signer.cpf !== body.cpf) {
            throw new ApiError(400, 'cpf_mismatch', SIGNATURE_MESSAGES.cpfMismatch, {
              cpf: SIGNATURE_MESSAGES.cpfMismatch,
            })
          }
          const last = await recordSignature(tx, signer, {
            fullName: body.fullName,
            cpf: body.cpf,
            ip: ip(c),
            userAgent: c.req.header('user-agent') ?? null,
          })
          await audit(tx, c, signer, 'signature.sign')
          if (!last) return { kind: 'signed' as const, signer, complete: false }
          const completed = await completeRequest(tx, env, signer)
          stored = completed.stored
          await audit(tx, c, signer, 'signature.complete', { versao: completed.signedVersao })
          return { kind: 'signed' as const, signer, complete: true }
        })
        .catch(async (error: unknown) => {
          // The signed copy is stored before the commit: a failed transaction leaves no file behind.
          const orphan = stored as StoredSignedPdf | null
          if (orphan) await orphan.discard().catch(() => {})
          throw error
        })
      if (outcome.kind === 'wrong') {
        if (outcome.check.locked) throw new ApiError(423, 'locked', SIGNATURE_MESSAGES.locked)
        const message = `${SIGNATURE_MESSAGES.wrongCode} Restam ${outcome.check.remaining} tentativa(s).`
        throw new ApiError(400, 'wrong_code', message, { code: message })
      }
      if (outcome.complete) {
        await notifySender(
          c,
          outcome.signer,
          'Documento assinado',
          `"${outcome.signer.documentName}" foi assinado por todos os signatários; a versão assinada está nos documentos.`,
        )
      }
      return c.json({ signed: true, complete: outcome.complete })
    },
  )
  .post(
    '/public/:token/refuse',
    routeDoc(TAG, 'Recusa a assinatura', { public: true }),
    linkLimit,
    validate('param', tokenParam),
    validate('json', refuseBody),
    async (c) => {
      const signer = await c.get('db').transaction(async (tx) => {
        const row = await loadSigner(tx, c.req.valid('param').token, true)
        await recordRefusal(tx, row, c.req.valid('json').reason)
        await audit(tx, c, row, 'signature.refuse')
        return row
      })
      await notifySender(
        c,
        signer,
        'Assinatura recusada',
        `${signer.name} recusou assinar "${signer.documentName}".`,
      )
      return c.json({ refused: true })
    },
  )
  .get(
    '/verify',
    routeDoc(TAG, 'Verifica um documento assinado pelo código da página de evidências', { public: true }),
    verifyLimit,
    validate('query', verifyCodeQuery),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      const result = await verifyByCode(c.get('db'), c.req.valid('query').code)
      if (!result) throw notFound(SIGNATURE_MESSAGES.codeNotFound)
      return c.json<VerificationResult>(result)
    },
  )
  .post(
    '/verify',
    routeDoc(TAG, 'Verifica a integridade de um PDF assinado (até 20 MB)', {
      public: true,
      requestBody: { media: 'application/pdf', schema: { type: 'string', format: 'binary' } },
    }),
    verifyLimit,
    async (c) => {
      const body = c.req.raw.body
      if (!body) throw new ApiError(400, 'validation', SIGNATURE_MESSAGES.verifyNeedsInput)
      let spooled
      try {
        spooled = await spoolUpload(c.get('deps').env.dataDir, body, { maxBytes: VERIFY_MAX_BYTES })
      } catch (error) {
        if (error instanceof FileTooLargeError)
          throw new ApiError(413, 'too_large', SIGNATURE_MESSAGES.verifyTooLarge)
        if (error instanceof UploadAbortedError)
          throw new ApiError(400, 'upload_aborted', SIGNATURE_MESSAGES.verifyNotPdf)
        throw error
      }
      try {
        const bytes = await readFile(spooled.path)
        if (!bytes.subarray(0, 1024).includes('%PDF-')) {
          throw new ApiError(415, 'unsupported_type', SIGNATURE_MESSAGES.verifyNotPdf)
        }
        return c.json<VerificationResult>(await verifyFile(c.get('db'), c.get('deps').env, bytes))
      } finally {
        await spooled.cleanup()
      }
    },
  )
