import path from 'node:path'
import { pipeline, Readable } from 'node:stream'
import { and, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { contentDisposition } from '../../platform/content-disposition.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { ADMIN_API_TAG, routeDoc } from '../../platform/route-doc.server'
import { getStorage, verifyingStream } from '../../platform/storage.server'
import { validate } from '../../platform/validate.server'
import { requireRole } from '../auth/auth.public.server'
import { PLATFORM_BACKUP_CREATE_JOB, PLATFORM_BACKUP_RESTORE_JOB } from './platform-backup.jobs.server'
import {
  backupIdParamSchema,
  restoreSchema,
  retentionUpdateSchema,
  scheduleParamSchema,
  scheduleUpdateSchema,
  type PlatformBackupOverview,
  type RestoreCommand,
} from './platform-backup.schema'
import {
  getOverview,
  getPlatformBackup,
  getState,
  insertPlatformBackup,
  setRetention,
  updateSchedule,
} from './platform-backup.service.server'
import { platformBackups, platformBackupState } from './platform-backup.table.server'

export const PLATFORM_BACKUP_MESSAGES = {
  createFailed: 'Erro ao criar backup',
  notReady: 'Este backup não está concluído.',
  fileUnavailable: 'O arquivo deste backup não está disponível.',
  restoring: 'Uma restauração já está em andamento.',
  pgliteRestore:
    'No banco embutido (PGlite) a restauração é feita com o servidor parado: use o comando indicado no painel.',
} as const

/** The command the panel shows on PGlite: the archive's own path under DATA_DIR (local storage). */
export function restoreCommandFor(dataDir: string, storageKey: string): string {
  return `npm run db:restore -- ${path.join(dataDir, 'files', 'backups', storageKey)}`
}

/**
 * /api/admin/backup: the platform's backups (issue 14). Mounted inside the admin router, whose
 * requireRole('superadmin') runs first; it is repeated here so the routes stay superadmin-only wherever
 * they are mounted (deny by default).
 */
export const platformBackupRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .get(
    '/',
    routeDoc(
      ADMIN_API_TAG,
      'Backups da plataforma: números, histórico, agendamentos e restauração — superadmin',
    ),
    async (c) => c.json<PlatformBackupOverview>(await getOverview(c.get('db'), c.get('deps').dbKind)),
  )
  // 'Criar Backup': the row now, the archive in the background (pg-boss), the toast at once.
  .post(
    '/',
    routeDoc(ADMIN_API_TAG, 'Inicia um backup manual da plataforma em segundo plano — superadmin', {
      status: 201,
    }),
    async (c) => {
      const id = await insertPlatformBackup(c.get('db'), {
        tipo: 'manual',
        dbKind: c.get('deps').dbKind,
        createdBy: c.get('user')?.id ?? null,
      })
      if (!id) throw new ApiError(500, 'backup_failed', PLATFORM_BACKUP_MESSAGES.createFailed)
      try {
        await c.get('deps').jobs.send(PLATFORM_BACKUP_CREATE_JOB, { backupId: id })
      } catch (error) {
        log.error('platform backup not queued', { error })
        await c
          .get('db')
          .update(platformBackups)
          .set({ status: 'falhou', error: 'fila', finishedAt: new Date() })
          .where(eq(platformBackups.id, id))
        throw new ApiError(500, 'backup_failed', PLATFORM_BACKUP_MESSAGES.createFailed)
      }
      return c.json({ id }, 201)
    },
  )
  .patch(
    '/schedules/:tipo',
    routeDoc(ADMIN_API_TAG, 'Altera um agendamento (horário, dia da semana, ativo) — superadmin'),
    validate('param', scheduleParamSchema),
    validate('json', scheduleUpdateSchema),
    async (c) => {
      await updateSchedule(c.get('db'), c.req.valid('param').tipo, c.req.valid('json'))
      return c.json<PlatformBackupOverview>(await getOverview(c.get('db'), c.get('deps').dbKind))
    },
  )
  .put(
    '/retention',
    routeDoc(ADMIN_API_TAG, 'Altera a retenção dos backups em dias — superadmin'),
    validate('json', retentionUpdateSchema),
    async (c) => {
      await setRetention(c.get('db'), c.req.valid('json').retencaoDias)
      return c.json<PlatformBackupOverview>(await getOverview(c.get('db'), c.get('deps').dbKind))
    },
  )
  .get(
    '/:id/download',
    routeDoc(ADMIN_API_TAG, 'Baixa o arquivo (zip) de um backup concluído — superadmin', {
      media: 'application/zip',
    }),
    validate('param', backupIdParamSchema),
    async (c) => {
      const row = await getPlatformBackup(c.get('db'), c.req.valid('param').id)
      if (!row) throw notFound()
      if (row.status !== 'concluido' || !row.storageKey || !row.sha256 || row.size === null)
        throw new ApiError(409, 'not_ready', PLATFORM_BACKUP_MESSAGES.notReady)
      const source = await getStorage(c.get('deps').env).getStream('backups', row.storageKey)
      if (!source) throw new ApiError(500, 'file_unavailable', PLATFORM_BACKUP_MESSAGES.fileUnavailable)
      const verified = pipeline(source, verifyingStream({ size: row.size, sha256: row.sha256 }), (error) => {
        if (error) log.error('platform backup download failed', { error })
      })
      return new Response(Readable.toWeb(verified) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Length': String(row.size),
          'Content-Disposition': contentDisposition('attachment', `${row.nome}.zip`),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      })
    },
  )
  .get(
    '/:id/restore-command',
    routeDoc(ADMIN_API_TAG, 'O comando de restauração com o servidor parado (PGlite) — superadmin'),
    validate('param', backupIdParamSchema),
    async (c) => {
      const row = await getPlatformBackup(c.get('db'), c.req.valid('param').id)
      if (!row) throw notFound()
      if (row.status !== 'concluido' || !row.storageKey)
        throw new ApiError(409, 'not_ready', PLATFORM_BACKUP_MESSAGES.notReady)
      return c.json<RestoreCommand>({ command: restoreCommandFor(c.get('deps').env.dataDir, row.storageKey) })
    },
  )
  // PostgreSQL: maintenance on (the 503 guard), then the restore job; the panel polls the overview.
  .post(
    '/:id/restore',
    routeDoc(
      ADMIN_API_TAG,
      'Restaura a plataforma a partir de um backup (PostgreSQL; modo manutenção) — superadmin',
    ),
    validate('param', backupIdParamSchema),
    validate('json', restoreSchema),
    async (c) => {
      if (c.get('deps').dbKind !== 'postgres')
        throw new ApiError(409, 'pglite', PLATFORM_BACKUP_MESSAGES.pgliteRestore)
      const row = await getPlatformBackup(c.get('db'), c.req.valid('param').id)
      if (!row) throw notFound()
      if (row.status !== 'concluido' || !row.storageKey)
        throw new ApiError(409, 'not_ready', PLATFORM_BACKUP_MESSAGES.notReady)
      await getState(c.get('db'))
      const taken = await c
        .get('db')
        .update(platformBackupState)
        .set({ restoringBackupId: row.id, restoreStartedAt: new Date() })
        .where(and(eq(platformBackupState.id, 1), isNull(platformBackupState.restoringBackupId)))
        .returning({ id: platformBackupState.id })
      if (taken.length === 0) throw new ApiError(409, 'restoring', PLATFORM_BACKUP_MESSAGES.restoring)
      try {
        await c.get('deps').jobs.send(PLATFORM_BACKUP_RESTORE_JOB, {
          backupId: row.id,
          actorUserId: c.get('user')?.id ?? null,
        })
      } catch (error) {
        await c
          .get('db')
          .update(platformBackupState)
          .set({ restoringBackupId: null, restoreStartedAt: null })
          .where(eq(platformBackupState.id, 1))
        throw error
      }
      return c.json({ id: row.id })
    },
  )
