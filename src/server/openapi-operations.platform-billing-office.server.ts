import type { OperationDoc } from './openapi-operations.server'

// /api/billing (issue 14): the current office's platform subscription, the lawyer's side.

export const BILLING_OFFICE_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/billing': {
    summary: 'Assinatura do escritório atual: status, plano, preços e a cobrança Pix pendente (membros)',
  },
  'PUT /api/billing/plan': { summary: 'Troca o plano a partir do próximo período (sócios)' },
  'POST /api/billing/cancel': { summary: 'Cancela a assinatura do escritório, mantendo os dados (sócios)' },
  'POST /api/billing/reactivate': {
    summary: 'Reativa a assinatura cancelada: volta ao teste ou emite a cobrança de um novo período (sócios)',
  },
}

export const BILLING_OFFICE_TAGS = [
  {
    name: 'Assinatura',
    prefixes: ['billing'],
    description:
      'Assinatura da plataforma do escritório atual (período de teste, cobranças Pix, cancelamento).',
  },
]
