import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { lawyerSignUp } from '../../test/accounts'
import type { AppDeps } from '../../platform/app-env.server'
import { getStorage, newStorageKey, verifyingStream } from '../../platform/storage.server'
import { profiles } from '../profiles/profiles.table.server'
import { runPlatformBackup, runPlatformRestore } from './platform-backup.jobs.server'
import { restorePgliteArchive } from './platform-backup.pglite-restore.server'
import { pgliteOf } from './platform-backup.dump.server'
import {
  archiveToTempFile,
  openPlatformArchive,
  PlatformRestoreError,
} from './platform-backup.restore.server'
import { getPlatformBackup, getState, insertPlatformBackup } from './platform-backup.service.server'
import { platformBackupState } from './platform-backup.table.server'
import { account, call, type TestAccount } from './platform-backup.test-helpers.server'

const MASTER = 'master-platform-restore@example.com'
let t: TestApp & { deps: AppDeps }
let master: TestAccount
let original: TestAccount
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-pbk-restore-'))

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  master = await account(t, lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }), true)
}, 60_000)
afterAll(async () => {
  await t.close()
  fs.rmSync(temp, { recursive: true, force: true })
})

const nameOf = async (userId: string) =>
  (
    await t.handle.db
      .select({ nome: profiles.nomeCompleto })
      .from(profiles)
      .where(eq(profiles.userId, userId))
  )[0]?.nome

describe('platform backup round trip: data → backup → change → restore → the original data is back', () => {
  it('restores the database and the stored files; access revoked after the dump stays revoked', async () => {
    original = await account(t, lawyerSignUp({ nomeCompleto: 'Olívia Original' }))
    // Issue 24: both signed in (a session each) before the dump.
    const silvia = await account(t, lawyerSignUp({ nomeCompleto: 'Sílvia Sessão' }))
    const bobData = lawyerSignUp({ nomeCompleto: 'Bob Bloqueado' })
    const bob = await account(t, bobData)
    const storage = getStorage(t.env)
    const fileKey = newStorageKey('pdf')
    await storage.put('documents', fileKey, Buffer.from('%PDF-1.4 conteúdo original'))

    const id = (await insertPlatformBackup(t.handle.db, { tipo: 'manual', dbKind: t.handle.kind }))!
    await runPlatformBackup(t.deps, id)
    const row = (await getPlatformBackup(t.handle.db, id))!
    expect(row.status).toBe('concluido')
    expect(row.fileCount).toBe(1)

    // After the dump: Sílvia's session is revoked (she signs out) and a superadmin blocks Bob.
    expect((await call(t, 'POST', '/api/auth/sign-out', silvia.cookie, {})).status).toBe(200)
    expect((await call(t, 'GET', '/api/me', silvia.cookie)).status).toBe(401)
    const block = await call(t, 'POST', `/api/admin/users/${bob.id}/block`, master.cookie, { reason: 'Spam' })
    expect(block.status).toBe(200)
    expect((await call(t, 'GET', '/api/me', bob.cookie)).status).toBe(401)
    const bobSignIn = () =>
      call(t, 'POST', '/api/auth/sign-in/email', undefined, {
        email: bobData.email,
        password: bobData.password,
      })

    // Change and delete: a renamed profile, a new account, a deleted file.
    await t.handle.db
      .update(profiles)
      .set({ nomeCompleto: 'Nome Trocado' })
      .where(eq(profiles.userId, original.id))
    const later = await account(t, lawyerSignUp({ nomeCompleto: 'Lucas Depois' }))
    await storage.delete('documents', fileKey)

    if (t.handle.kind === 'postgres') {
      // pg_dump left the sessions' and the pending links' rows out (their tables are in it).
      const copy = await archiveToTempFile(
        storage,
        row.storageKey!,
        { size: row.size!, sha256: row.sha256! },
        temp,
        verifyingStream,
      )
      const archive = await openPlatformArchive(copy)
      archive.close()
      expect(archive.manifest.excluded.data).toEqual([
        'platform_session_activity',
        'session_activity',
        'sessions',
        'verifications',
      ])
      // The panel's path: maintenance (503 to non-admins) while the restore job runs.
      await getState(t.handle.db)
      await t.handle.db
        .update(platformBackupState)
        .set({ restoringBackupId: id, restoreStartedAt: new Date() })
        .where(eq(platformBackupState.id, 1))
      await new Promise((resolve) => setTimeout(resolve, 1100))
      const blocked = await call(t, 'GET', '/api/profile', later.cookie)
      expect(blocked.status).toBe(503)
      expect((await blocked.json()).error.code).toBe('maintenance')
      expect((await call(t, 'GET', '/api/admin/backup', master.cookie)).status).toBe(200)

      await runPlatformRestore(t.deps, id, master.id)
      const state = await getState(t.handle.db)
      expect(state.lastRestoreStatus).toBe('ok')
      expect(state.restoringBackupId).toBeNull()
      expect(await nameOf(original.id)).toBe('Olívia Original')
      expect(await nameOf(later.id)).toBeUndefined()
      expect(await storage.getStream('documents', fileKey)).not.toBeNull()
      // The history survived the restore that replaced every other table.
      expect((await getPlatformBackup(t.handle.db, id))?.restoredAt).not.toBeNull()
      await new Promise((resolve) => setTimeout(resolve, 1100))
      expect((await call(t, 'GET', '/api/health')).status).toBe(200)
      // The dump held both sessions and no block: neither comes back.
      expect((await call(t, 'GET', '/api/me', silvia.cookie)).status).toBe(401)
      expect((await call(t, 'GET', '/api/me', bob.cookie)).status).toBe(401)
      const refused = await bobSignIn()
      expect(refused.status).toBe(403)
      expect((await refused.json()).code).toBe('ACCOUNT_BLOCKED')
    } else {
      // PGlite: the db:restore path (server stopped) into a temporary DATA_DIR.
      const file = await archiveToTempFile(
        storage,
        row.storageKey!,
        { size: row.size!, sha256: row.sha256! },
        temp,
        verifyingStream,
      )
      const dataDir = path.join(temp, 'data')
      // The server's data folder as it is now (signed out, blocked): the one db:restore replaces.
      const now = await pgliteOf(t.handle.db).dumpDataDir('gzip')
      fs.mkdirSync(dataDir, { recursive: true })
      const live = await PGlite.create(path.join(dataDir, 'pglite'), {
        loadDataDir: now,
        extensions: { citext, pg_trgm, unaccent },
      })
      await live.close()
      const target = getStorage({ dataDir })
      await target.put('documents', newStorageKey('pdf'), Buffer.from('arquivo que não estava no backup'))
      const result = await restorePgliteArchive(file, dataDir, target)
      expect(result.files).toBe(1)
      expect(result.revocations.blocksReapplied).toBe(1)
      const restored = await PGlite.create(path.join(dataDir, 'pglite'))
      try {
        const names = await restored.query<{ nome: string }>(
          'select nome_completo as nome from profiles where user_id = $1 or user_id = $2',
          [original.id, later.id],
        )
        expect(names.rows.map((r) => r.nome)).toEqual(['Olívia Original'])
        // The dump held both sessions and no block: neither comes back.
        const revived = await restored.query('select 1 from sessions where user_id = $1 or user_id = $2', [
          silvia.id,
          bob.id,
        ])
        expect(revived.rows).toHaveLength(0)
        const blocks = await restored.query<{ reason: string }>(
          'select reason from user_blocks where user_id = $1 and unblocked_at is null',
          [bob.id],
        )
        expect(blocks.rows).toEqual([{ reason: 'Spam' }])
        expect((await restored.query('select 1 from verifications')).rows).toHaveLength(0)
      } finally {
        await restored.close()
      }
      const bytes = await target.get('documents', fileKey)
      expect(bytes?.toString()).toBe('%PDF-1.4 conteúdo original')
      expect(fs.readdirSync(path.join(dataDir, 'files', 'documents'))).toEqual([fileKey])
    }
  }, 180_000)

  it('refuses an archive that is not a platform backup before changing anything', async () => {
    const bogus = path.join(temp, 'bogus.zip')
    fs.writeFileSync(bogus, 'not a zip')
    await expect(
      restorePgliteArchive(bogus, path.join(temp, 'other'), getStorage(t.env)),
    ).rejects.toBeInstanceOf(PlatformRestoreError)
  })
})
