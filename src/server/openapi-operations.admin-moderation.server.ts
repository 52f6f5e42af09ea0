import type { OperationDoc } from './openapi-operations.server'

// Blocks, profile fixes and /admin/moderation (issue 14), apart so openapi-operations.server.ts stays under
// the 400-line limit. Tagged 'Administração' by its /api/admin prefix.

export const ADMIN_MODERATION_OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /api/admin/users/{userId}/block': {
    summary: 'Bloqueia um usuário (encerra todas as sessões e impede o login) — superadmin',
  },
  'DELETE /api/admin/users/{userId}/block': { summary: 'Desbloqueia um usuário — superadmin' },
  'PATCH /api/admin/profiles/{profileId}': {
    summary: 'Corrige nome, telefone ou tipo de um perfil — superadmin',
  },
  'POST /api/admin/moderation/jobs/{jobId}/close': { summary: 'Encerra uma vaga denunciada — superadmin' },
  'GET /api/admin/moderation/summary': {
    summary: 'Contadores da moderação (pendentes, denunciados, bloqueados, resolvidos) — superadmin',
  },
  'GET /api/admin/moderation/blocked': { summary: 'Usuários bloqueados — superadmin' },
  'GET /api/admin/moderation/history': { summary: 'Histórico de decisões da moderação — superadmin' },
}
