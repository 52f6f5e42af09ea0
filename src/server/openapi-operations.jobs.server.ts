import type { OperationDoc } from './openapi-operations.server'

// /api/jobs (issue 13), kept apart so openapi-operations.server.ts stays under the 400-line limit.

export const JOB_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/jobs': {
    summary:
      'Vagas abertas, mais novas primeiro (texto, tipo, nível, modalidade, estado; paginação por cursor)',
    public: true,
  },
  'POST /api/jobs': { summary: 'Publica uma vaga (só entidades)', status: 201 },
  'GET /api/jobs/mine': { summary: 'Vagas da entidade com o número de candidaturas' },
  'GET /api/jobs/mine/views': { summary: 'Visualizações das vagas da entidade (total e últimos 30 dias)' },
  'GET /api/jobs/saved': { summary: 'Vagas salvas pelo usuário' },
  'GET /api/jobs/applications/mine': { summary: 'Minhas candidaturas, com a situação de cada uma' },
  'PATCH /api/jobs/applications/{id}/status': {
    summary: 'Move uma candidatura (só a entidade da vaga); o candidato é notificado',
  },
  'PATCH /api/jobs/applications/{id}/carta': {
    summary: 'Carta de apresentação da própria candidatura',
  },
  'GET /api/jobs/applications/{id}/cv': {
    summary: 'Baixa o currículo (só o candidato e a entidade da vaga)',
    media: 'application/pdf',
  },
  'GET /api/jobs/{id}': {
    summary: 'Página de uma vaga aberta (404 se encerrada ou inexistente)',
    public: true,
  },
  'PATCH /api/jobs/{id}': { summary: 'Edita, encerra ou reabre uma vaga (só a entidade dona)' },
  'POST /api/jobs/{id}/view': {
    summary: 'Conta uma visualização da vaga (uma por visitante por hora)',
    public: true,
  },
  'GET /api/jobs/{id}/applications': { summary: 'Candidaturas da vaga (só a entidade dona)' },
  'POST /api/jobs/{id}/applications': {
    summary: 'Candidata-se à vaga enviando o currículo em PDF (estudantes e advogados)',
    status: 201,
    requestBody: {
      media: 'application/pdf',
      schema: { type: 'string', format: 'binary', description: 'Currículo em PDF, até 5 MB.' },
    },
  },
  'PUT /api/jobs/{id}/saved': { summary: 'Salva a vaga' },
  'DELETE /api/jobs/{id}/saved': { summary: 'Remove a vaga das salvas' },
}

export const JOB_TAGS = [
  {
    name: 'Vagas',
    prefixes: ['jobs'],
    description: 'Vagas e estágios publicados por entidades, candidaturas e vagas salvas.',
  },
]
