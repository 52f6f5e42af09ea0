import { STATEMENT_HEADER_LABELS } from '../features/platform-billing/platform-billing.reconcile.parse'
import type { OperationDoc } from './openapi-operations.server'

// /api/admin/financial (issue 14), kept apart so openapi-operations.server.ts stays under the 400-line limit.
// Tagged 'Administração' by its /api/admin prefix.

const statementBody = {
  media: 'text/csv',
  schema: {
    type: 'string',
    format: 'binary',
    description:
      'Extrato bancário em CSV (até 2 MB; separador ";", "," ou tabulação; vírgula decimal; dd/mm/aaaa). ' +
      `Colunas obrigatórias: data (${STATEMENT_HEADER_LABELS.date.join(', ')}), valor ` +
      `(${STATEMENT_HEADER_LABELS.amount.join(', ')}) e txid (${STATEMENT_HEADER_LABELS.txid.join(', ')}).`,
  },
}

export const PLATFORM_BILLING_ADMIN_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/admin/financial': {
    summary:
      'Assinaturas: indicadores, configuração de cobrança, receita por plano e transações — superadmin',
  },
  'GET /api/admin/financial/subscriptions': {
    summary: 'Assinaturas dos escritórios, por status — superadmin',
  },
  'GET /api/admin/financial/charges/pending': {
    summary: 'Cobranças pendentes, vencidas primeiro — superadmin',
  },
  'POST /api/admin/financial/charges/{id}/pay': {
    summary: 'Registra o recebimento de uma cobrança pendente (valor e data) — superadmin',
  },
  'POST /api/admin/financial/statement/preview': {
    summary: 'Confere um extrato bancário com as cobranças pelo txid, sem gravar nada — superadmin',
    requestBody: statementBody,
  },
  'POST /api/admin/financial/statement/apply': {
    summary: 'Aplica as linhas conferidas do extrato numa única transação (idempotente) — superadmin',
  },
  'POST /api/admin/financial/reprocess': {
    summary: 'Reprocessa as cobranças agora, em segundo plano — superadmin',
    status: 201,
  },
  'GET /api/admin/financial/reprocess/{runId}': {
    summary: 'Andamento e resultado de um reprocessamento — superadmin',
  },
  'GET /api/admin/financial/report': {
    summary:
      'Relatório mensal de assinaturas (totais, JSON completo, CSV ou PDF conforme format) — superadmin',
  },
}
