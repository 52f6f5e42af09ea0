import { isIPv6 } from 'node:net'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client.server'
import type { AppEnv } from './app-env.server'
import { clientIp } from './client-ip.server'
import type { Env } from './env.server'
import { ApiError } from './http-error.server'
import { log } from './log.server'
import { rateLimits } from './rate-limit.table.server'

export const RATE_LIMIT_MESSAGE = 'Muitas tentativas. Aguarde um minuto e tente novamente.'

export interface RateRule {
  windowSeconds: number
  max: number
}

export interface RateDecision {
  allowed: boolean
  /** Hits counted in the current window, this one included. */
  count: number
  /** Seconds until the window restarts (≥ 1). */
  retryAfter: number
}

/**
 * Adds `hits` to the shared counter `key` in ONE atomic statement (insert … on conflict do update …
 * returning), so concurrent requests on any number of nodes never read a stale count. A window restarts at
 * the first hit after it ended. The database's clock decides, so nodes with skewed clocks agree.
 */
export async function addHits(
  db: Database,
  entries: { key: string; hits: number }[],
  windowSeconds: number,
): Promise<Map<string, { count: number; retryAfter: number }>> {
  const result = new Map<string, { count: number; retryAfter: number }>()
  if (entries.length === 0) return result
  const expired = sql`${rateLimits.resetAt} <= now()`
  const rows = await db
    .insert(rateLimits)
    .values(
      entries.map(({ key, hits }) => ({
        key,
        count: hits,
        resetAt: sql`now() + ${windowSeconds} * interval '1 second'`,
      })),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then excluded.count else ${rateLimits.count} + excluded.count end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      key: rateLimits.key,
      count: rateLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.resetAt} - now()))))::int`,
    })
  for (const row of rows) result.set(row.key, { count: row.count, retryAfter: Number(row.retryAfter) })
  maybePrune(db)
  return result
}

/** Counts one hit against `key` in the shared table and says whether it is within `rule` (exact). */
export async function consumeRateLimit(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
  const counted = (await addHits(db, [{ key, hits: 1 }], rule.windowSeconds)).get(key)
  const count = counted?.count ?? 1
  return { allowed: count <= rule.max, count, retryAfter: counted?.retryAfter ?? rule.windowSeconds }
}

// Expired rows are useless: drop them now and then (at most every 5 minutes per process), off the
// request path. Failures only delay the cleanup.
const PRUNE_EVERY_MS = 5 * 60_000
const nextPrune = new WeakMap<Database, number>()
function maybePrune(db: Database) {
  const now = Date.now()
  if ((nextPrune.get(db) ?? 0) > now) return
  nextPrune.set(db, now + PRUNE_EVERY_MS)
  db.delete(rateLimits)
    .where(lte(rateLimits.resetAt, sql`now() - interval '1 minute'`))
    .catch((error: unknown) => log.debug('rate limit prune failed', { error }))
}

/** The 429 every limit answers: `{ error: { code: 'rate_limited', message } }` plus Retry-After. */
export function refuse(c: Context, retryAfter: number): never {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))))
  throw new ApiError(429, 'rate_limited', RATE_LIMIT_MESSAGE)
}

export interface RateLimitOptions {
  /** Prefix of the counter's key ('sign-up', 'upload', …): limits never share a budget by accident. */
  name: string
  rule: (env: Env) => RateRule
  /** Whom to count (an address, a user id); no key = not limited here (e.g. a 401 follows anyway). */
  key: (c: Context<AppEnv>) => string | null | undefined
}

/**
 * A limit counted exactly in the shared table: one statement per request, for low-volume routes (sign-up,
 * uploads). Data routes use createBatchedRateLimiter, which adds no database round trip.
 */
export function rateLimit({ name, rule, key }: RateLimitOptions) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const subject = key(c)
    if (subject) {
      const decision = await consumeRateLimit(c.get('db'), `${name}:${subject}`, rule(c.get('deps').env))
      if (!decision.allowed) refuse(c, decision.retryAfter)
    }
    await next()
  })
}

const UPLOAD_TYPES =
  /^(multipart\/form-data|application\/octet-stream|image\/|video\/|audio\/|application\/pdf)/i

/** Whether a request sends a file: every upload route is multipart or a raw binary body. */
export function isUpload(c: Context): boolean {
  return c.req.method !== 'GET' && UPLOAD_TYPES.test(c.req.header('content-type') ?? '')
}

/**
 * Per-user limit on uploads (RATE_LIMIT_UPLOAD_MAX a window). Mounted once for every /api route in
 * server/app.server.ts and applied by content type, so an upload route added later is covered without
 * remembering to opt in; a route may also mount it directly.
 */
export function uploadRateLimit(key: RateLimitOptions['key']) {
  const limit = rateLimit({
    name: 'upload',
    rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_UPLOAD_MAX }),
    key,
  })
  return createMiddleware<AppEnv>((c, next) => (isUpload(c) ? limit(c, next) : next()))
}

export interface BatchedRateLimiterOptions extends RateRule {
  name: string
  /** At most this long between a hit and its arrival in the shared table. */
  flushMs?: number
}

interface LocalCount {
  /** The shared count the table answered at the last flush (every node's hits, ours included). */
  shared: number
  /** Our hits being written right now. */
  inFlight: number
  /** Our hits not yet sent. */
  pending: number
  /** When the window ends, as the table last said (local clock). */
  resetAt: number
}

/**
 * A per-key limit for hot routes that must not wait for the database (issue 7: the data routes' latency
 * budget). Each node decides locally from the last shared count it saw plus its own hits not yet known
 * there, and sends its hits to the shared table in the background: one multi-row upsert per `flushMs`
 * (1 s), or sooner once a key gathers max/20 unsent hits. The answer of each flush refreshes every key's
 * shared count, so all nodes converge on one budget.
 *
 * Overshoot is bounded: within one window the total admitted is at most `max` plus what the other nodes
 * admit between two of their flushes, i.e. ≤ (N − 1) × max(max/20, hits one node takes in `flushMs`) for N
 * nodes, and 0 with one node. Unsent hits of a node that stops are lost (a generous limit can afford it).
 */
export function createBatchedRateLimiter(db: Database, options: BatchedRateLimiterOptions) {
  const { name, windowSeconds, max, flushMs = 1000 } = options
  const windowMs = windowSeconds * 1000
  const flushAt = Math.max(1, Math.floor(max / 20))
  const counts = new Map<string, LocalCount>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let flushing: Promise<void> = Promise.resolve()

  function schedule(now: boolean) {
    if (now) {
      if (timer) clearTimeout(timer)
      timer = undefined
      void flush()
      return
    }
    if (timer) return
    timer = setTimeout(() => void flush(), flushMs)
    timer.unref()
  }

  /** Counts one hit for `key` and decides at once, from what this node knows. */
  function hit(key: string): { allowed: true } | { allowed: false; retryAfter: number } {
    const now = Date.now()
    let entry = counts.get(key)
    if (!entry || entry.resetAt <= now) {
      // A new window: hits still unsent belong to the old one and no longer matter.
      entry = { shared: 0, inFlight: entry?.inFlight ?? 0, pending: 0, resetAt: now + windowMs }
      counts.set(key, entry)
    }
    if (entry.shared + entry.inFlight + entry.pending >= max) {
      return { allowed: false, retryAfter: (entry.resetAt - now) / 1000 }
    }
    entry.pending++
    schedule(entry.pending >= flushAt)
    return { allowed: true }
  }

  /** Sends every unsent hit in one statement and learns the shared counts back. */
  function flush(): Promise<void> {
    timer = undefined
    flushing = flushing.then(async () => {
      const batch: { key: string; hits: number; entry: LocalCount }[] = []
      for (const [key, entry] of counts) {
        if (entry.pending === 0) continue
        batch.push({ key, hits: entry.pending, entry })
        entry.inFlight += entry.pending
        entry.pending = 0
      }
      if (batch.length === 0) return
      try {
        const answer = await addHits(
          db,
          batch.map(({ key, hits }) => ({ key: `${name}:${key}`, hits })),
          windowSeconds,
        )
        const now = Date.now()
        for (const { key, entry } of batch) {
          const shared = answer.get(`${name}:${key}`)
          if (!shared) continue
          entry.shared = shared.count
          entry.resetAt = now + shared.retryAfter * 1000
        }
      } catch (error) {
        // The database is down or closing: keep deciding locally; these hits are simply not shared.
        log.debug('rate limit flush failed', { name, error })
      } finally {
        for (const { entry, hits } of batch) entry.inFlight -= hits
        const now = Date.now()
        for (const [key, entry] of counts) {
          if (entry.resetAt <= now && entry.pending === 0 && entry.inFlight === 0) counts.delete(key)
        }
      }
    })
    return flushing
  }

  return {
    hit,
    flush,
    /** Middleware: counts the request under `key(c)` (no key = not limited) and answers 429 past `max`. */
    middleware: (key: RateLimitOptions['key']) =>
      createMiddleware<AppEnv>(async (c, next) => {
        const subject = key(c)
        if (subject) {
          const decision = hit(subject)
          if (!decision.allowed) refuse(c, decision.retryAfter)
        }
        await next()
      }),
  }
}

/**
 * The budget key of a client address: an IPv4 address as is (an IPv4-mapped IPv6 one as its IPv4), an
 * IPv6 address by its /64 — one subscriber usually holds a whole /64 and could rotate through it.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return address
  const [a, b, c, d, e, f, g = 0, h = 0] = groups
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return `${g >> 8}.${g & 0xff}.${h >> 8}.${h & 0xff}`
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address ('::' expanded, a trailing dotted IPv4 included). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0] ?? ''
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [, p = '0', q = '0', r = '0', s = '0'] = dotted
    const high = (Number(p) << 8) | Number(q)
    const low = (Number(r) << 8) | Number(s)
    text = `${text.slice(0, dotted.index)}${high.toString(16)}:${low.toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length
  const groups = [...left, ...Array<string>(Math.max(0, zeros)).fill('0'), ...right].map((group) =>
    parseInt(group, 16),
  )
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null
}

export interface AnonymousRateLimitOptions {
  /** Public pages whose meta the server writes from the database (the page-meta providers' patterns). */
  pages: readonly { pattern: RegExp }[]
  /** Whether the request carries a valid session (set by the session middleware, which runs first). */
  signedIn: (c: Context<AppEnv>) => boolean
}

/**
 * Per-address limit on anonymous traffic (issue 24, item 7): every /api request without a session — the
 * directory, public profiles, reviews, jobs, entities — and every GET of a public page whose meta the
 * server renders (/advogados/:slug…), RATE_LIMIT_ANONYMOUS_MAX per window and address, so the public
 * surface cannot be scraped at full speed. /api/health and /api/auth/* stay out (the auth routes have their
 * own, stricter limits); a signed-in user is counted per user instead (RATE_LIMIT_API_MAX). Decided in memory
 * and shared through the table like the per-user data limit (createBatchedRateLimiter). A request whose
 * address is unknown (no socket) is not counted.
 */
export function anonymousRateLimit(
  deps: { db: Database; env: Env },
  { pages, signedIn }: AnonymousRateLimitOptions,
) {
  const limiter = createBatchedRateLimiter(deps.db, {
    name: 'anon',
    windowSeconds: deps.env.RATE_LIMIT_WINDOW_SECONDS,
    max: deps.env.RATE_LIMIT_ANONYMOUS_MAX,
  })
  return limiter.middleware((c) => {
    const route = c.req.path
    if (route.startsWith('/api/')) {
      if (route === '/api/health' || route.startsWith('/api/auth/') || signedIn(c)) return undefined
    } else if (c.req.method !== 'GET' || !pages.some(({ pattern }) => pattern.test(route))) {
      return undefined
    }
    const address = clientIp(c, deps.env.TRUST_PROXY)
    return address && addressKey(address)
  })
}
