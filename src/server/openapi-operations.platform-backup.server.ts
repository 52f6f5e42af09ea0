import type { OperationDoc } from './openapi-operations.server'

// /api/admin/backup (issue 14), kept apart so openapi-operations.server.ts stays under the 400-line limit.
// Tagged 'Administração' by its /api/admin prefix.

export const PLATFORM_BACKUP_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/admin/backup': {
    summary: 'Backups da plataforma: números, histórico, agendamentos e restauração — superadmin',
  },
  'POST /api/admin/backup': {
    summary: 'Inicia um backup manual da plataforma em segundo plano — superadmin',
    status: 201,
  },
  'PATCH /api/admin/backup/schedules/{tipo}': {
    summary: 'Altera um agendamento (horário, dia da semana, ativo) — superadmin',
  },
  'PUT /api/admin/backup/retention': { summary: 'Altera a retenção dos backups em dias — superadmin' },
  'GET /api/admin/backup/{id}/download': {
    summary: 'Baixa o arquivo (zip) de um backup concluído — superadmin',
    media: 'application/zip',
  },
  'GET /api/admin/backup/{id}/restore-command': {
    summary: 'O comando de restauração com o servidor parado (PGlite) — superadmin',
  },
  'POST /api/admin/backup/{id}/restore': {
    summary: 'Restaura a plataforma a partir de um backup (PostgreSQL; modo manutenção) — superadmin',
  },
}
