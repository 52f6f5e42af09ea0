import type { OperationDoc } from './openapi-operations.server'

// /api/analytics (the page-view beacon) and /api/admin/analytics (issue 14, /admin/analytics), kept apart
// so openapi-operations.server.ts stays under the 400-line limit.

export const PLATFORM_ANALYTICS_OPERATION_DOCS: Record<string, OperationDoc> = {
  'POST /api/analytics/view': {
    summary: 'Registra uma visualização de página (padrão da rota, sem dados pessoais; DNT respeitado)',
    status: 204,
    public: true,
  },
  'GET /api/admin/analytics': {
    summary:
      'Analytics da plataforma: online, visualizações, sessões, dispositivos, páginas e fluxos — superadmin',
  },
}

export const PLATFORM_ANALYTICS_TAGS = [
  {
    name: 'Analytics',
    prefixes: ['analytics'],
    description:
      'Analytics próprio e sem dados pessoais: o SPA informa as páginas vistas (/admin/analytics).',
  },
]
