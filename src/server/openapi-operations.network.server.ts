import type { OperationDoc } from './openapi-operations.server'

// /api/network (issue 13), kept apart so openapi-operations.server.ts stays under the 400-line limit.

export const NETWORK_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/network/lawyers/{lawyer}/reviews': {
    summary: 'Avaliações visíveis de um advogado público (média, total, página); {lawyer} = slug ou id',
    public: true,
  },
  'PUT /api/network/lawyers/{lawyer}/reviews': {
    summary: 'Cria ou edita a minha avaliação do advogado (uma por avaliador; nunca de si mesmo)',
  },
  'DELETE /api/network/lawyers/{lawyer}/reviews': { summary: 'Remove a minha avaliação', status: 204 },
  'POST /api/network/lawyers/{lawyer}/contact': {
    summary: 'Formulário de contato do perfil público: notifica, envia e-mail e cria o lead no CRM',
    status: 201,
    public: true,
  },
  'POST /api/network/reports': {
    summary: "'Denunciar' um perfil, avaliação ou vaga (uma denúncia aberta por usuário e conteúdo)",
    status: 201,
  },
  'GET /api/network/verification': { summary: 'Minha verificação da OAB (última solicitação e selo)' },
  'POST /api/network/verification': {
    summary: 'Solicita a verificação da OAB enviando a carteira (JPG, PNG, WEBP ou PDF, até 10 MB)',
    status: 201,
    requestBody: {
      media: 'application/octet-stream',
      schema: { type: 'string', format: 'binary', description: 'Foto ou PDF da carteira da OAB.' },
    },
  },
  'GET /api/network/verification/{id}/file': {
    summary: 'Baixa a carteira enviada (só o próprio advogado e superadmins)',
    media: 'application/octet-stream',
  },
  'GET /api/network/connections': { summary: 'Minhas conexões e solicitações recebidas e enviadas' },
  'GET /api/network/connections/status/{userId}': {
    summary: 'Situação da conexão com um usuário e o número de conexões dele',
    public: true,
  },
  'POST /api/network/connections': {
    summary: 'Pede conexão a um advogado ou estudante (notifica)',
    status: 201,
  },
  'POST /api/network/connections/{id}/respond': {
    summary: 'Aceita ou recusa uma solicitação recebida',
    status: 204,
  },
  'DELETE /api/network/connections/{id}': {
    summary: 'Cancela uma solicitação enviada ou desfaz uma conexão',
    status: 204,
  },
  'GET /api/network/moderation/reports': { summary: 'Denúncias por situação (só superadmin)' },
  'POST /api/network/moderation/reports/{id}/resolve': {
    summary: 'Resolve uma denúncia; pode ocultar a avaliação denunciada (só superadmin)',
  },
  'GET /api/network/moderation/verifications': {
    summary: 'Solicitações de verificação da OAB por situação (só superadmin)',
  },
  'POST /api/network/moderation/verifications/{id}/decide': {
    summary: 'Aprova ou rejeita (com motivo) uma verificação da OAB (só superadmin)',
  },
}

export const NETWORK_TAGS = [
  {
    name: 'Rede',
    prefixes: ['network'],
    description: 'Avaliações, denúncias, verificação da OAB, conexões e contato pelo perfil público.',
  },
]
