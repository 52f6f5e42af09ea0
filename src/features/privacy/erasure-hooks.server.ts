import type { Database, Executor } from '../../db/client.server'
import type { StorageArea } from '../../platform/storage.server'

// LGPD asks each table's owner for its part (issue 23: a table has one owner, which alone writes it): an
// account's deletion, its personal-data export and a client's anonymisation run what the owners registered
// here, in privacy's own transaction. The shell registers them once, at start-up
// (src/server/feature-hooks.server.ts), so privacy imports none of the features it erases (decision 007).
// Everything runs in registration order: static wiring, the same on every node.

/** What an account's deletion does to the offices, as its owners need to know it. */
export interface AccountErasure {
  userId: string
  /** Offices closed with the account: already deleted (their office rows cascaded) when erasers run. */
  closedOfficeIds: readonly string[]
  /** The account's team records in offices that stay: still attached when erasers run, detached after. */
  keptMemberIds: readonly string[]
}

/** An owner's part of an account's deletion, inside its transaction (before the user row goes). */
export type AccountEraser = (tx: Executor, erasure: AccountErasure) => Promise<void>

export interface StoredFile {
  area: StorageArea
  key: string
}

/** The stored files of rows the deletion removes (directly or by cascade), read before anything goes. */
export type AccountFilesReader = (
  db: Pick<Database, 'select'>,
  deleted: { userId: string; closedOfficeIds: readonly string[] },
) => Promise<StoredFile[]>

/** One section of "Baixar meus dados": the owner's rows about the person, no secret column. */
export type PersonalDataSection = (tx: Executor, userId: string) => Promise<unknown>

/** A client's anonymisation (clients erases the row; the answer counts the cases still pointing at it). */
export interface ClientAnonymizer {
  erase(
    tx: Executor,
    officeId: string,
    clientId: string,
    name: string,
  ): Promise<{ id: string; nomeCompleto: string } | null>
  countCases(tx: Executor, officeId: string, clientId: string): Promise<number>
}

const erasers: { owner: string; erase: AccountEraser }[] = []
const fileReaders: { owner: string; read: AccountFilesReader }[] = []
const exportSections = new Map<string, PersonalDataSection>()
let clientAnonymizer: ClientAnonymizer | null = null

/** A deletion or an export without the owners' parts would silently keep personal data: refuse to run. */
function assertWired(registered: number, what: string): void {
  if (registered === 0) throw new Error(`${what} not registered (src/server/feature-hooks.server.ts)`)
}

/** `owner`'s part of every account deletion; `owner` names the feature (one registration each). */
export function onAccountErasure(owner: string, erase: AccountEraser): void {
  if (erasers.some((entry) => entry.owner === owner))
    throw new Error(`account eraser of ${owner} registered twice`)
  erasers.push({ owner, erase })
}

export async function runAccountErasers(tx: Executor, erasure: AccountErasure): Promise<void> {
  assertWired(erasers.length, 'account erasers')
  for (const { erase } of erasers) await erase(tx, erasure)
}

/** `owner`'s stored files that an account's deletion takes with it. */
export function onAccountFiles(owner: string, read: AccountFilesReader): void {
  if (fileReaders.some((entry) => entry.owner === owner))
    throw new Error(`account files of ${owner} registered twice`)
  fileReaders.push({ owner, read })
}

export async function readAccountFiles(
  db: Pick<Database, 'select'>,
  deleted: { userId: string; closedOfficeIds: readonly string[] },
): Promise<StoredFile[]> {
  assertWired(fileReaders.length, 'account files')
  const files: StoredFile[] = []
  for (const { read } of fileReaders) files.push(...(await read(db, deleted)))
  return files
}

/** A section `name` of the personal-data export, in the order registered. */
export function onPersonalDataExport(name: string, read: PersonalDataSection): void {
  if (exportSections.has(name)) throw new Error(`personal-data section ${name} registered twice`)
  exportSections.set(name, read)
}

export async function readPersonalDataSections(
  tx: Executor,
  userId: string,
): Promise<Record<string, unknown>> {
  assertWired(exportSections.size, 'personal-data sections')
  const sections: Record<string, unknown> = {}
  for (const [name, read] of exportSections) sections[name] = await read(tx, userId)
  return sections
}

/** The client anonymisation's owner functions (one provider: the clients' and cases' parts, composed). */
export function provideClientAnonymizer(anonymizer: ClientAnonymizer): void {
  clientAnonymizer = anonymizer
}

export function getClientAnonymizer(): ClientAnonymizer {
  if (!clientAnonymizer)
    throw new Error('client anonymizer not provided (src/server/feature-hooks.server.ts)')
  return clientAnonymizer
}
