import type { OperationDoc } from './openapi-operations.server'

// /api/admin/logs (issue 14), kept apart so openapi-operations.server.ts stays under the 400-line limit.
// Tagged 'Administração' by its /api/admin prefix.

export const PLATFORM_LOGS_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/admin/logs': {
    summary: 'Eventos da plataforma, mais novos primeiro (tipo, busca; 6 por página) — superadmin',
  },
  'GET /api/admin/logs/summary': { summary: 'Números das últimas 24 h e alertas do sistema — superadmin' },
  'POST /api/admin/logs/checks': { summary: 'Roda agora as verificações do sistema (alertas) — superadmin' },
}
