import type { OperationDoc } from './openapi-operations.server'

// /api/directory (issue 13), kept apart so openapi-operations.server.ts stays under the 400-line limit.

export const DIRECTORY_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/directory/lawyers': {
    summary:
      'Busca pública de advogados (nome ou OAB, estado, cidade, especialidade): verificados primeiro, depois ' +
      'relevância e perfil mais completo; 12 por página com cursor. Só perfis públicos, sem e-mail nem telefone',
    public: true,
  },
  'GET /api/directory/profiles/{slug}': {
    summary: 'Perfil público de um advogado (404 se privado ou inexistente)',
    public: true,
  },
  'GET /api/directory/me/visibility': {
    summary: "O que o usuário mostra no diretório: 'Perfil público', 'Atende por vídeo', faixa de honorários",
  },
  'PUT /api/directory/me/visibility': {
    summary: 'Altera a visibilidade do próprio perfil (desligar o perfil público o esconde em todo lugar)',
  },
}

export const DIRECTORY_TAGS = [
  {
    name: 'Diretório',
    prefixes: ['directory'],
    description: 'Busca pública de advogados, perfis públicos e a visibilidade do próprio perfil.',
  },
]
