import { and, eq, isNull } from 'drizzle-orm'
import type { AppDeps } from '../../platform/app-env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { consumeRateLimit } from '../../platform/rate-limit.server'
import { linkedCaseScope, reachableCases } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { recordPlatformEvent } from '../platform-logs/platform-logs.public.server'
import { getPlatformSettings } from '../platform-settings/platform-settings.public.server'
import { datajudAlias, DatajudError, searchDatajud } from './publications.datajud.server'
import { PUBLICATIONS_MESSAGES, type Andamentos, type AndamentosState } from './publications.schema'
import { caseAndamentos } from './publications.table.server'
import type { Executor, PublicationScope } from './publications.visibility.server'

/** DataJud's terms of use: at most 120 requests a minute for the whole platform, counted in PostgreSQL. */
export const DATAJUD_RULE = { windowSeconds: 60, max: 120 } as const
const DATAJUD_LIMIT_KEY = 'datajud:platform'

const MESSAGES: Partial<Record<AndamentosState, string>> = {
  nao_encontrado: PUBLICATIONS_MESSAGES.datajudNotFound,
  nao_coberto: PUBLICATIONS_MESSAGES.datajudNotCovered,
  sem_numero: PUBLICATIONS_MESSAGES.caseNoNumber,
}

/** The case, when the member reaches it (its 'cases.view' cell); another office's or a hidden one: null. */
async function visibleCase(db: Executor, scope: PublicationScope, caseId: string) {
  const reach = reachableCases(
    linkedCaseScope({ id: scope.officeId, nivelAcesso: scope.nivelAcesso }, scope.memberId),
  )
  const [row] = await db
    .select({ id: cases.id, numero: cases.numeroProcesso })
    .from(cases)
    .where(
      and(
        eq(cases.officeId, scope.officeId),
        eq(cases.id, caseId),
        isNull(cases.deletedAt),
        ...(reach ? [reach] : []),
      ),
    )
  return row ?? null
}

function dto(
  caseId: string,
  numero: string | null,
  row: typeof caseAndamentos.$inferSelect | null,
  fallback: AndamentosState,
): Andamentos {
  const state = row?.state ?? fallback
  return {
    caseId,
    numeroProcesso: numero,
    alias: row?.alias ?? (numero ? datajudAlias(numero) : null),
    state,
    message: MESSAGES[state] ?? null,
    fetchedAt: row?.fetchedAt.toISOString() ?? null,
    movimentos: row?.movimentos ?? [],
    graus: row?.graus ?? [],
  }
}

/** GET /api/publications/andamentos/:caseId — the timeline as last fetched (no call out). */
export async function getAndamentos(
  db: Executor,
  scope: PublicationScope,
  caseId: string,
): Promise<Andamentos> {
  const kase = await visibleCase(db, scope, caseId)
  if (!kase) throw notFound(PUBLICATIONS_MESSAGES.caseNotFound)
  const [row] = await db
    .select()
    .from(caseAndamentos)
    .where(and(eq(caseAndamentos.officeId, scope.officeId), eq(caseAndamentos.caseId, caseId)))
  // A row fetched for another number (the case's number changed since) is not this case's timeline.
  const current = row && row.numeroProcesso === kase.numero ? row : null
  const fallback: AndamentosState = !kase.numero
    ? 'sem_numero'
    : datajudAlias(kase.numero)
      ? 'nunca'
      : 'nao_coberto'
  return dto(caseId, kase.numero, current, fallback)
}

async function save(
  db: Executor,
  scope: PublicationScope,
  caseId: string,
  values: Omit<typeof caseAndamentos.$inferInsert, 'officeId' | 'caseId' | 'fetchedAt'>,
) {
  const [row] = await db
    .insert(caseAndamentos)
    .values({ officeId: scope.officeId, caseId, ...values })
    .onConflictDoUpdate({
      target: [caseAndamentos.officeId, caseAndamentos.caseId],
      set: { ...values, fetchedAt: new Date() },
    })
    .returning()
  return row ?? null
}

/**
 * POST /api/publications/andamentos/:caseId — 'Atualizar andamentos', user-initiated. One search in the
 * court's DataJud index, under the platform-wide limit; a refused key is logged for the platform's admins;
 * 504/timeouts answer "DataJud indisponível, tente mais tarde" at once (no retry).
 */
export async function refreshAndamentos(
  deps: Pick<AppDeps, 'db' | 'env'>,
  scope: PublicationScope,
  caseId: string,
  requestId: string | null,
): Promise<Andamentos> {
  const { db, env } = deps
  const kase = await visibleCase(db, scope, caseId)
  if (!kase) throw notFound(PUBLICATIONS_MESSAGES.caseNotFound)
  if (!kase.numero) return dto(caseId, null, null, 'sem_numero')
  const alias = datajudAlias(kase.numero)
  if (!alias) {
    const row = await save(db, scope, caseId, {
      numeroProcesso: kase.numero,
      alias: null,
      state: 'nao_coberto',
      movimentos: [],
      graus: [],
    })
    return dto(caseId, kase.numero, row, 'nao_coberto')
  }
  if (!(await getPlatformSettings(db)).publicationsCapture)
    throw new ApiError(503, 'datajud_disabled', PUBLICATIONS_MESSAGES.datajudDisabled)
  const limit = await consumeRateLimit(db, DATAJUD_LIMIT_KEY, DATAJUD_RULE)
  if (!limit.allowed) throw new ApiError(429, 'datajud_limit', PUBLICATIONS_MESSAGES.datajudUnavailable)
  try {
    const result = await searchDatajud(
      {
        baseUrl: env.DATAJUD_API_URL,
        apiKey: env.DATAJUD_API_KEY,
        timeoutMs: env.PUBLICATIONS_HTTP_TIMEOUT_MS,
      },
      alias,
      kase.numero,
    )
    const state: AndamentosState = result.hits === 0 ? 'nao_encontrado' : 'ok'
    const row = await save(db, scope, caseId, {
      numeroProcesso: kase.numero,
      alias,
      state,
      movimentos: result.movimentos,
      graus: result.graus,
    })
    return dto(caseId, kase.numero, row, state)
  } catch (error) {
    if (!(error instanceof DatajudError)) throw error
    if (error.reason === 'unauthorized') {
      await recordPlatformEvent(db, {
        kind: 'integracao',
        requestId,
        details: { service: 'datajud', status: error.status ?? 0, reason: 'chave_recusada' },
      })
    }
    throw new ApiError(503, 'datajud_unavailable', PUBLICATIONS_MESSAGES.datajudUnavailable)
  }
}
