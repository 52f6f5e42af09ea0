// The tab's visit id for the analytics beacon: random, kept in sessionStorage (per tab, gone when it
// closes; no cookie, nothing tied to the account) and replaced after 30 idle minutes.

export const VISIT_STORAGE_KEY = 'jc.analytics.visit'
export const VISIT_IDLE_MS = 30 * 60_000

interface StoredVisit {
  id: string
  at: number
}

function randomId(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Without sessionStorage (blocked), one id per page load. */
let memory: StoredVisit | undefined

/** The stored visit; the in-memory one only when storage is missing or blocked. */
function read(storage: Pick<Storage, 'getItem'> | undefined): StoredVisit | undefined {
  let raw: string | null
  try {
    if (!storage) return memory
    raw = storage.getItem(VISIT_STORAGE_KEY)
  } catch {
    return memory
  }
  try {
    const parsed: unknown = JSON.parse(raw ?? 'null')
    if (parsed && typeof parsed === 'object' && 'id' in parsed && 'at' in parsed) {
      const { id, at } = parsed as Record<string, unknown>
      if (typeof id === 'string' && /^[a-f0-9]{32}$/.test(id) && typeof at === 'number') return { id, at }
    }
  } catch {
    // unreadable: a new visit
  }
  return undefined
}

/** The current visit's id, renewed when the last view is more than 30 minutes old; touches the visit. */
export function currentVisitId(
  now = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = sessionStorageOrNothing(),
): string {
  const previous = read(storage)
  const visit =
    previous && now - previous.at <= VISIT_IDLE_MS ? { ...previous, at: now } : { id: randomId(), at: now }
  memory = visit
  try {
    storage?.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit))
  } catch {
    // quota or privacy mode: memory keeps it for this page
  }
  return visit.id
}

function sessionStorageOrNothing(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** Test hook: forget the in-memory fallback. */
export function resetVisitMemory() {
  memory = undefined
}
