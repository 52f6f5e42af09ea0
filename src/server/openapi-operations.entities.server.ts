import type { OperationDoc } from './openapi-operations.server'

// /api/entities (issue 13), kept apart so openapi-operations.server.ts stays under the 400-line limit.

export const ENTITY_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/entities': {
    summary: 'Entidades em destaque na home (mais vagas abertas, depois as mais novas); só dados públicos',
    public: true,
  },
  'GET /api/entities/{slug}': {
    summary: 'Página pública de uma entidade com as suas vagas abertas (404 se privada ou inexistente)',
    public: true,
  },
  'GET /api/entities/panels/student': {
    summary:
      'Painel do estudante: candidaturas, vagas recomendadas e salvas, conexões (403 para outros tipos)',
  },
  'GET /api/entities/panels/entity': {
    summary:
      'Painel da entidade: vagas com candidaturas e visualizações, candidaturas recentes (403 para outros)',
  },
}

export const ENTITY_TAGS = [
  {
    name: 'Entidades',
    prefixes: ['entities'],
    description: 'Páginas públicas das entidades e os painéis do estudante e da entidade.',
  },
]
