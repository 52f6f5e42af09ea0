import type { OperationDoc } from './openapi-operations.server'

// /api/signatures (issue 25: assinatura eletrônica), kept apart so openapi-operations.server.ts stays under
// the 400-line limit.

export const SIGNATURES_TAGS = [
  {
    name: 'Assinaturas',
    prefixes: ['signatures'],
    description:
      'Assinatura eletrônica avançada (Lei 14.063/2020) de documentos PDF pelo cliente: envio por link pessoal, código por e-mail, página de evidências e assinatura PAdES da plataforma; verificação pública.',
  },
]

export const SIGNATURES_OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /api/signatures': {
    summary: 'Envia um documento PDF para assinatura (e-mail com link pessoal a cada signatário)',
    status: 201,
  },
  'GET /api/signatures': {
    summary: 'Solicitações de assinatura de um documento, com a situação de cada signatário',
  },
  'GET /api/signatures/status': { summary: 'Situação da assinatura de vários documentos (selo da lista)' },
  'POST /api/signatures/{id}/cancel': {
    summary: 'Cancela uma solicitação de assinatura pendente',
    status: 204,
  },
  'GET /api/signatures/public/{token}': {
    summary: 'Página do signatário: documento, escritório e situação do link',
    public: true,
  },
  'GET /api/signatures/public/{token}/file': {
    summary: 'O PDF a assinar, pelo link do signatário',
    media: 'application/pdf',
    public: true,
  },
  'POST /api/signatures/public/{token}/code': {
    summary: 'Envia o código de 6 dígitos ao e-mail do signatário',
    public: true,
  },
  'POST /api/signatures/public/{token}/sign': {
    summary: 'Assina com código, nome completo, CPF e consentimento',
    public: true,
  },
  'POST /api/signatures/public/{token}/refuse': { summary: 'Recusa a assinatura', public: true },
  'GET /api/signatures/verify': {
    summary: 'Verifica um documento assinado pelo código da página de evidências',
    public: true,
  },
  'POST /api/signatures/verify': {
    summary: 'Verifica a integridade de um PDF assinado (até 20 MB)',
    public: true,
    requestBody: { media: 'application/pdf', schema: { type: 'string', format: 'binary' } },
  },
}
