import type { OperationDoc } from './openapi-operations.server'

// /api/publications (issue 27: Publicações e Intimações), kept apart so openapi-operations.server.ts stays
// under the 400-line limit.

export const PUBLICATIONS_TAGS = [
  {
    name: 'Publicações',
    prefixes: ['publications'],
    description:
      'Publicações e intimações do DJEN capturadas por OAB e número de processo, andamentos do DataJud/CNJ.',
  },
]

export const PUBLICATIONS_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/publications': {
    summary:
      'Lista as publicações visíveis (filtros: status, tribunal, OAB, período, busca; paginação por cursor)',
  },
  'GET /api/publications/stats': {
    summary: 'Cards: não tratadas, recebidas hoje, prazos criados e canceladas',
  },
  'GET /api/publications/count': { summary: "Contador 'Publicações não tratadas' do painel" },
  'GET /api/publications/filters': { summary: 'Opções dos filtros: tribunais e OABs monitoradas' },
  'GET /api/publications/capture': {
    summary: 'Estado da captura: busca em andamento, última busca, próxima tentativa',
  },
  'POST /api/publications/capture': {
    summary: "'Buscar agora': inicia a captura do escritório em segundo plano (uma por vez)",
    status: 201,
  },
  'GET /api/publications/oabs': { summary: "'OABs monitoradas' do escritório" },
  'POST /api/publications/oabs': {
    summary: 'Adiciona uma OAB monitorada (número e UF) — sócios',
    status: 201,
  },
  'DELETE /api/publications/oabs/{id}': {
    summary: 'Remove uma OAB monitorada adicionada manualmente — sócios',
    status: 204,
  },
  'GET /api/publications/andamentos/{caseId}': {
    summary: 'Andamentos do caso no DataJud/CNJ (última atualização)',
  },
  'POST /api/publications/andamentos/{caseId}': {
    summary: "'Atualizar andamentos': consulta o DataJud/CNJ agora",
  },
  'GET /api/publications/{id}': { summary: 'Uma publicação' },
  'POST /api/publications/{id}/status': { summary: "'Marcar como tratada' (ou voltar a não tratada)" },
  'PUT /api/publications/{id}/case': { summary: "'Vincular a um caso' (ou desvincular)" },
  'GET /api/publications/{id}/prazo-prefill': {
    summary: "'Criar prazo': dados iniciais do prazo (disponibilização, tribunal, caso, dias sugeridos)",
  },
  'POST /api/publications/{id}/prazo': {
    summary: 'Registra o prazo criado a partir da publicação (conta em Prazos criados)',
  },
  'GET /api/publications/{id}/case-prefill': {
    summary: "'Criar caso': dados iniciais do caso (número, tribunal, vara)",
  },
  'GET /api/publications/{id}/certidao': {
    summary: "'Ver certidão': a certidão da publicação no DJEN (PDF)",
    media: 'application/pdf',
  },
}
