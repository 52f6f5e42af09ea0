import type { OperationDoc } from './openapi-operations.server'

// /api/admin/reports (issue 14), kept apart so openapi-operations.server.ts stays under the 400-line limit.
// Tagged 'Administração' by its /api/admin prefix.

export const PLATFORM_REPORTS_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/admin/reports/overview': {
    summary:
      'Relatórios de negócio de um período: receita, assinantes, conversão, churn, tipos de usuário, cadastros e usuários ativos por semana — superadmin',
  },
  'GET /api/admin/reports': {
    summary: 'Relatórios recentes gerados (status Processando/Concluído/Erro) — superadmin',
  },
  'POST /api/admin/reports': {
    summary: 'Gera um relatório (CSV ou PDF, só agregados) em segundo plano — superadmin',
    status: 201,
  },
  'GET /api/admin/reports/{id}/download': {
    summary: 'Baixa o arquivo de um relatório concluído — superadmin',
    media: 'text/csv',
  },
  'DELETE /api/admin/reports/{id}': {
    summary: 'Exclui um relatório e seu arquivo — superadmin',
    status: 204,
  },
}
