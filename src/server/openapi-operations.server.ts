import { z } from 'zod'
import { lawyerCollectionSchemas } from '../features/profiles/profiles.schema'
import { EXTRA_OPERATION_DOCS, EXTRA_TAGS } from './openapi-operations.extra.server'

/**
 * What the code can't say about a route, for GET /api/openapi.json: a pt-BR summary, the success status
 * and media type, and whether it needs a session. The request schemas come from `validate()` itself
 * (docs/decisions/008); only bodies checked inside a handler are described here, from their own schemas.
 *
 * Keyed "METHOD /api/path/{param}". openapi.routes.test.ts fails for a mounted route with no entry here,
 * so a new route is documented in the same change that adds it.
 */
export interface OperationDoc {
  summary: string
  /** Status of a success (200 when omitted). */
  status?: 200 | 201 | 204
  /** Media type of a success (application/json when omitted). */
  media?: string
  /** Answers without a session. */
  public?: true
  /** A body the handler validates itself (validate() documents all the others). */
  requestBody?: { media: string; schema: Record<string, unknown> }
}

const CSV = 'text/csv'

/** The body of POST/PATCH /api/profile/{collection}: one schema per collection, chosen by the path. */
function collectionBody(kind: 'create' | 'update') {
  return {
    media: 'application/json',
    schema: {
      description: 'O formato depende de {collection}: um esquema por coleção (title = nome da coleção).',
      oneOf: Object.entries(lawyerCollectionSchemas).map(([name, schemas]) => ({
        title: name,
        ...z.toJSONSchema(schemas[kind], { io: 'input', unrepresentable: 'any' }),
        $schema: undefined,
      })),
    },
  }
}

const avatarBody = {
  media: 'multipart/form-data',
  schema: {
    type: 'object',
    properties: {
      file: { type: 'string', format: 'binary', description: 'Imagem JPEG, PNG ou WebP.' },
    },
    required: ['file'],
  },
}

/** The raw body of a document upload (its metadata rides in the query string). */
const documentBody = {
  media: 'application/octet-stream',
  schema: {
    type: 'string',
    format: 'binary',
    description: 'PDF, DOC, DOCX, XLS, XLSX, JPG ou PNG (conferido pelo conteúdo), até 10 MB.',
  },
}

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/health': { summary: 'Estado do servidor e do banco de dados', public: true },
  'GET /api/openapi.json': {
    summary: 'Este documento OpenAPI',
    public: true,
  },
  'GET /api/docs': {
    summary: 'Referência da API para integradores (HTML)',
    media: 'text/html',
    public: true,
  },

  'POST /api/auth/sign-up': {
    summary: 'Criar conta (usuário, perfil, papel e escritório numa transação)',
    status: 201,
    public: true,
  },
  'GET /api/me': { summary: 'Usuário da sessão, papel na plataforma e escritório' },
  'GET /api/offices': { summary: 'Escritórios de que o usuário é membro ativo (o atual primeiro)' },
  'POST /api/offices/current': {
    summary: 'Troca o escritório atual (só um de que o usuário é membro ativo)',
  },
  'GET /api/timesheet': { summary: 'Minhas horas: lançamentos de um período e totais por semana' },
  'GET /api/timesheet/export.csv': { summary: 'Minhas horas de um período em CSV', media: CSV },
  'GET /api/timesheet/timer': { summary: 'O cronômetro em andamento do membro, se houver' },
  'POST /api/timesheet/timer/start': {
    summary: 'Inicia o cronômetro num processo (um por membro)',
    status: 201,
  },
  'POST /api/timesheet/timer/stop': { summary: 'Para o cronômetro e grava o lançamento' },
  'POST /api/timesheet': { summary: 'Lançamento manual de horas num processo', status: 201 },
  'DELETE /api/timesheet/{id}': { summary: 'Exclui um lançamento de horas do membro', status: 204 },
  'GET /api/reports/area': { summary: 'Relatório: desempenho por área jurídica no período' },
  'GET /api/reports/area/export.csv': { summary: 'Desempenho por área em CSV', media: CSV },
  'GET /api/reports/area/export.pdf': { summary: 'Desempenho por área em PDF', media: 'application/pdf' },
  'GET /api/reports/horas': { summary: 'Relatório: horas faturáveis por membro e por processo' },
  'GET /api/reports/horas/export.csv': { summary: 'Horas faturáveis em CSV', media: CSV },
  'GET /api/reports/horas/export.pdf': { summary: 'Horas faturáveis em PDF', media: 'application/pdf' },
  'GET /api/reports/pipeline': { summary: 'Relatório: pipeline de casos (status, fluxo mensal, tempos)' },
  'GET /api/reports/pipeline/export.csv': { summary: 'Pipeline de casos em CSV', media: CSV },
  'GET /api/reports/pipeline/export.pdf': { summary: 'Pipeline de casos em PDF', media: 'application/pdf' },
  'GET /api/reports/export.pdf': { summary: 'Os três relatórios num PDF', media: 'application/pdf' },
  'GET /api/reports/export.zip': { summary: 'Os três relatórios em CSV, num zip', media: 'application/zip' },
  'GET /api/reports/analytics': { summary: 'Analytics do escritório: cartões, áreas, equipe e qualidade' },
  'GET /api/financial/summary': { summary: 'Cartões do financeiro no período (receitas, despesas, saldo)' },
  'GET /api/financial/chart': { summary: 'Receitas e despesas pagas por mês, últimos 12 meses' },
  'GET /api/financial/entries': { summary: 'Lançamentos financeiros (busca, tipo, status; por vencimento)' },
  'GET /api/financial/entries/export.csv': { summary: 'Lançamentos filtrados em CSV (auditado)', media: CSV },
  'POST /api/financial/entries': { summary: 'Cria um lançamento (ou N parcelas mensais)', status: 201 },
  'GET /api/financial/entries/{id}': { summary: 'Um lançamento financeiro' },
  'PATCH /api/financial/entries/{id}': { summary: 'Altera um lançamento financeiro' },
  'POST /api/financial/entries/{id}/pay': { summary: 'Marca um lançamento pendente como pago (409 se pago)' },
  'DELETE /api/financial/entries/{id}': { summary: 'Exclui um lançamento (lixeira de 30 dias)', status: 204 },
  'POST /api/financial/entries/{id}/restore': { summary: 'Restaura um lançamento excluído' },
  'GET /api/financial/entries/{id}/receipt.pdf': { summary: 'Recibo em PDF', media: 'application/pdf' },
  'GET /api/financial/entries/{id}/pix': { summary: 'Cobrança Pix já gerada (404 se nenhuma)' },
  'POST /api/financial/entries/{id}/pix': { summary: 'Gera ou atualiza a cobrança Pix de receita pendente' },
  'GET /api/financial/proposals': { summary: 'Propostas de honorários do escritório (filtro por status)' },
  'POST /api/financial/proposals': { summary: 'Cria uma proposta de honorários', status: 201 },
  'GET /api/financial/proposals/{id}': { summary: 'Uma proposta de honorários' },
  'PATCH /api/financial/proposals/{id}': { summary: 'Altera uma proposta em rascunho ou enviada' },
  'DELETE /api/financial/proposals/{id}': { summary: 'Exclui uma proposta não aceita', status: 204 },
  'POST /api/financial/proposals/{id}/send': { summary: 'Marca a proposta como enviada ao cliente' },
  'POST /api/financial/proposals/{id}/accept': {
    summary: 'Aceita a proposta e cria os lançamentos a receber',
  },
  'POST /api/financial/proposals/{id}/refuse': { summary: 'Marca a proposta como recusada' },
  'GET /api/financial/proposals/{id}/pdf': {
    summary: 'A proposta de honorários em PDF',
    media: 'application/pdf',
  },
  'GET /api/audit': { summary: 'Auditoria do escritório atual (filtros: membro, ação, período); só sócios' },
  'GET /api/audit/export.csv': {
    summary: 'Auditoria do escritório atual em CSV (auditado); só sócios',
    media: CSV,
  },
  'GET /api/backups': { summary: 'Histórico de backups do escritório (só sócios)' },
  'GET /api/backups/stats': { summary: 'Cartões: último backup, quantidade, tamanho, próxima execução' },
  'POST /api/backups': { summary: 'Inicia um backup manual (tarefa em segundo plano)', status: 201 },
  'POST /api/backups/upload': {
    summary: 'Envia um backup (zip, corpo bruto) para restaurar; validado antes de aceito',
    status: 201,
    requestBody: { media: 'application/zip', schema: { type: 'string', format: 'binary' } },
  },
  'GET /api/backups/{id}': { summary: 'Um backup do histórico (andamento e situação)' },
  'GET /api/backups/{id}/download': { summary: 'Baixa o zip do backup', media: 'application/zip' },
  'POST /api/backups/{id}/restore': { summary: 'Agenda a restauração (tarefa): valida e troca tudo ou nada' },
  'DELETE /api/backups/{id}': { summary: 'Exclui um backup do histórico e seu arquivo', status: 204 },
  'GET /api/team': { summary: 'Equipe do escritório: membros ativos, cartões e permissões' },
  'POST /api/team': { summary: 'Adiciona um membro à equipe (e envia o convite, se pedido)', status: 201 },
  'PUT /api/team/{id}': { summary: 'Edita os dados, o nível de acesso e o status de um membro', status: 204 },
  'DELETE /api/team/{id}': {
    summary: 'Desativa um membro (perde o acesso na hora; o histórico fica)',
    status: 204,
  },
  'POST /api/team/{id}/invitation': {
    summary: 'Reenvia o convite de um membro (o link anterior deixa de valer)',
    status: 204,
  },
  'DELETE /api/team/{id}/invitation': { summary: 'Cancela o convite pendente de um membro', status: 204 },
  'GET /api/team/invitations/{token}': {
    summary: 'Dados de um convite para a página de aceite',
    public: true,
  },
  'POST /api/team/invitations/{token}/accept': {
    summary: 'Aceita o convite com a conta do e-mail convidado',
  },

  'GET /api/estados': { summary: 'Lista os estados (UF)', public: true },
  'GET /api/estados/{id}/cidades': { summary: 'Lista as cidades de um estado', public: true },

  'GET /api/settings': { summary: 'Preferências do usuário' },
  'PUT /api/settings': { summary: 'Salva as preferências do usuário' },
  'GET /api/settings/activity': { summary: 'Atividade recente da conta (entradas e eventos)' },
  'GET /api/settings/sessions': { summary: 'Sessões ativas da conta' },
  'POST /api/settings/sessions/revoke-others': { summary: 'Encerra todas as outras sessões' },
  'DELETE /api/settings/sessions/{id}': { summary: 'Encerra uma sessão' },

  'GET /api/admin/stats': { summary: 'Números da plataforma (superadmin)' },
  'GET /api/admin/profiles': { summary: 'Lista os perfis com contato (superadmin, auditado)' },
  'POST /api/admin/users/{userId}/roles/admin': { summary: 'Concede o papel de administrador' },
  'DELETE /api/admin/users/{userId}/roles/admin': { summary: 'Revoga o papel de administrador' },

  'GET /api/profile': { summary: 'Perfil do usuário da sessão' },
  'PATCH /api/profile': { summary: 'Atualiza o perfil' },
  'POST /api/profile/avatar': { summary: 'Envia a foto do perfil', requestBody: avatarBody },
  'DELETE /api/profile/avatar': { summary: 'Remove a foto do perfil' },
  'GET /api/profile/{collection}': { summary: 'Itens de uma coleção do perfil de advogado' },
  'POST /api/profile/{collection}': {
    summary: 'Adiciona um item a uma coleção do perfil de advogado',
    status: 201,
    requestBody: collectionBody('create'),
  },
  'PATCH /api/profile/{collection}/{id}': {
    summary: 'Altera um item de uma coleção do perfil de advogado',
    requestBody: collectionBody('update'),
  },
  'DELETE /api/profile/{collection}/{id}': { summary: 'Remove um item de uma coleção', status: 204 },
  'GET /api/files/avatars/{key}': { summary: 'Foto de perfil (WebP)', media: 'image/webp', public: true },

  'GET /api/clients': { summary: 'Lista os clientes do escritório (busca, filtro, páginas)' },
  'POST /api/clients': { summary: 'Cadastra um cliente', status: 201 },
  'GET /api/clients/stats': { summary: 'Totais de clientes por situação' },
  'GET /api/clients/options': { summary: 'Clientes para escolher num formulário (id e nome)' },
  'GET /api/clients/export.csv': { summary: 'Exporta os clientes em CSV (auditado)', media: CSV },
  'GET /api/clients/{id}': { summary: 'Dados completos de um cliente (auditado)' },
  'PATCH /api/clients/{id}': { summary: 'Altera um cliente' },
  'DELETE /api/clients/{id}': { summary: 'Exclui um cliente (pode ser restaurado)' },
  'POST /api/clients/{id}/restore': { summary: 'Restaura um cliente excluído' },
  'POST /api/clients/{id}/anonymize': { summary: 'Anonimiza um cliente (LGPD, irreversível; auditado)' },
  'GET /api/privacy/export': { summary: 'Baixa todos os dados pessoais do usuário (JSON, LGPD; auditado)' },
  'GET /api/privacy/deletion': { summary: 'Exclusão de conta agendada e o que ela faria aos escritórios' },
  'POST /api/privacy/deletion': {
    summary: 'Agenda a exclusão da conta em 7 dias (confirma a senha)',
    status: 201,
  },
  'DELETE /api/privacy/deletion': { summary: 'Cancela a exclusão de conta agendada' },

  'GET /api/cases': { summary: 'Lista os processos do escritório (busca, filtro, páginas)' },
  'POST /api/cases': { summary: 'Cadastra um processo', status: 201 },
  'GET /api/cases/stats': { summary: 'Totais de processos por situação' },
  'GET /api/cases/export.csv': { summary: 'Exporta os processos em CSV (auditado)', media: CSV },
  'GET /api/cases/{id}': { summary: 'Dados de um processo' },
  'PATCH /api/cases/{id}': { summary: 'Altera um processo' },
  'DELETE /api/cases/{id}': { summary: 'Exclui um processo (pode ser restaurado)' },
  'POST /api/cases/{id}/restore': { summary: 'Restaura um processo excluído' },
  'GET /api/cases/options': { summary: 'Processos para escolher num formulário (id, título e número)' },
  'GET /api/cases/member-options': { summary: 'Membros ativos que podem ser responsáveis por um processo' },

  'GET /api/documents': { summary: 'Lista os documentos que o membro pode ver (busca, filtros, páginas)' },
  'GET /api/documents/stats': { summary: 'Totais de documentos: pastas, confidenciais, este mês' },
  'POST /api/documents': {
    summary: 'Envia um documento (um arquivo por requisição; o corpo são os bytes)',
    status: 201,
    requestBody: documentBody,
  },
  'GET /api/documents/{id}': { summary: 'Um documento e o histórico de versões' },
  'PATCH /api/documents/{id}': { summary: 'Altera os dados de um documento' },
  'DELETE /api/documents/{id}': {
    summary: 'Exclui um documento (pode ser restaurado por 30 dias)',
    status: 204,
  },
  'POST /api/documents/{id}/restore': { summary: 'Restaura um documento excluído' },
  'POST /api/documents/{id}/versions': {
    summary: 'Envia uma nova versão de um documento (o corpo são os bytes)',
    status: 201,
    requestBody: documentBody,
  },
  'GET /api/documents/{id}/file': {
    summary: 'Os bytes de uma versão (confidenciais: auditado)',
    media: 'application/octet-stream',
  },

  'GET /api/prazos/calcular': {
    summary: 'Calcula um prazo processual em dias úteis (publicação, início, vencimento e trilha)',
    public: true,
  },

  'GET /api/notifications': {
    summary: 'Notificações do usuário, as mais recentes primeiro, e quantas não lidas',
  },
  'GET /api/notifications/stream': {
    summary: 'Fluxo de eventos das notificações (created, read, read-all, removed) em Server-Sent Events',
    media: 'text/event-stream',
  },
  'POST /api/notifications/read-all': { summary: 'Marca todas as notificações como lidas' },
  'POST /api/notifications/{id}/read': { summary: 'Marca uma notificação como lida' },
  'DELETE /api/notifications/{id}': { summary: 'Remove uma notificação', status: 204 },

  'GET /api/agenda/events': {
    summary: 'Eventos da agenda do escritório (período, tipo, status, caso, cliente)',
  },
  'GET /api/agenda/stats': { summary: 'Totais da agenda: eventos, prazos, próximas 24 h, audiências' },
  'GET /api/agenda/next': { summary: 'O próximo evento da agenda' },
  'POST /api/agenda/events': { summary: 'Cria um evento (agenda o lembrete)', status: 201 },
  'PATCH /api/agenda/events/{id}': { summary: 'Altera um evento (reagenda o lembrete)' },
  'POST /api/agenda/events/{id}/confirm': { summary: 'Confirma um evento agendado' },
  'DELETE /api/agenda/events/{id}': { summary: 'Exclui um evento (pode ser restaurado)', status: 204 },
  'POST /api/agenda/events/{id}/restore': { summary: 'Restaura um evento excluído' },
  'POST /api/agenda/prazos/calcular': {
    summary: 'Calcula um prazo com o calendário do tribunal do escritório e o aviso antecipado',
  },
  'POST /api/agenda/prazos': {
    summary: 'Cria um prazo na agenda a partir do cálculo (com a trilha)',
    status: 201,
  },
  'GET /api/agenda/settings': { summary: 'Configurações da agenda do escritório (aviso interno dos prazos)' },
  'PATCH /api/agenda/settings': {
    summary: 'Altera o aviso interno dos prazos (dias úteis antes do vencimento); só sócios',
  },
  'GET /api/office-settings': { summary: 'Configurações Avançadas do escritório (sem a senha SMTP)' },
  'PUT /api/office-settings': { summary: 'Salva as Configurações Avançadas do escritório' },
  'POST /api/office-settings/restore': { summary: 'Restaura o padrão das Configurações Avançadas' },
  'POST /api/office-settings/smtp-test': { summary: 'Envia um e-mail de teste pelo SMTP do escritório' },
  'GET /api/agenda/courts': { summary: 'Tribunais com calendário (dias fechados)' },
  'GET /api/agenda/courts/{tribunal}/closed-days': { summary: 'Dias fechados de um tribunal num ano' },
  'POST /api/agenda/courts/{tribunal}/closed-days': { summary: 'Fecha um dia de um tribunal', status: 201 },
  'DELETE /api/agenda/courts/{tribunal}/closed-days/{data}': {
    summary: 'Reabre um dia fechado de um tribunal',
    status: 204,
  },
  'GET /api/agenda/feed': { summary: 'Se o usuário tem um endereço de assinatura da agenda (iCalendar)' },
  'POST /api/agenda/feed': {
    summary: 'Cria ou regenera o endereço secreto da agenda (o anterior deixa de valer)',
    status: 201,
  },
  'DELETE /api/agenda/feed': { summary: 'Revoga o endereço de assinatura da agenda', status: 204 },
  'GET /api/agenda/feed/{token}': {
    summary:
      'A agenda em iCalendar (.ics) para Google Agenda, Outlook e Apple; o endereço secreto é a credencial',
    media: 'text/calendar',
    public: true,
  },
  ...EXTRA_OPERATION_DOCS,
}

/** Sections of the reference page, in order; a path goes to the longest prefix (after /api/) it matches. */
export const TAGS: { name: string; prefixes: string[]; description: string }[] = [
  {
    name: 'Autenticação',
    prefixes: ['auth', 'me'],
    description:
      'Conta, entrada, saída, sessão, senha e confirmação de e-mail. A sessão é um cookie httpOnly ' +
      'definido na entrada; envie-o de volta em cada chamada.',
  },
  {
    name: 'Verificação em duas etapas',
    prefixes: ['auth/two-factor'],
    description: 'Aplicativo autenticador (TOTP) e códigos de backup.',
  },
  { name: 'Clientes', prefixes: ['clients'], description: 'Clientes do escritório da sessão.' },
  { name: 'Processos', prefixes: ['cases'], description: 'Processos do escritório da sessão.' },
  {
    name: 'Documentos',
    prefixes: ['documents'],
    description: 'Documentos do escritório da sessão, filtrados pelo nível de acesso do membro.',
  },
  { name: 'Perfil', prefixes: ['profile', 'files'], description: 'Perfil público e foto do usuário.' },
  { name: 'Configurações', prefixes: ['settings'], description: 'Preferências, sessões e atividade.' },
  {
    name: 'Privacidade (LGPD)',
    prefixes: ['privacy'],
    description: 'Direitos do titular: baixar os próprios dados e excluir a conta (com prazo para cancelar).',
  },
  { name: 'Administração', prefixes: ['admin'], description: 'Somente para o superadmin.' },
  {
    name: 'Prazos',
    prefixes: ['prazos'],
    description:
      'Calculadora pública de prazos do CPC (arts. 219, 220 e 224), sem sessão e limitada por endereço.',
  },
  {
    name: 'Notificações',
    prefixes: ['notifications'],
    description: 'Notificações do usuário da sessão, com um fluxo em tempo real (Server-Sent Events).',
  },
  {
    name: 'Agenda',
    prefixes: ['agenda'],
    description:
      'Agenda & Prazos do escritório da sessão: eventos, prazos com trilha, calendários dos tribunais e a ' +
      'assinatura iCalendar (pública pelo endereço secreto).',
  },
  {
    name: 'Escritórios',
    prefixes: ['offices'],
    description: 'Os escritórios do usuário e a troca do escritório atual (a que toda requisição se limita).',
  },
  {
    name: 'Horas',
    prefixes: ['timesheet'],
    description: 'Timesheet do membro no escritório atual: cronômetro e lançamentos manuais por processo.',
  },
  { name: 'Equipe', prefixes: ['team'], description: 'Equipe do escritório, convites e desativação.' },
  { name: 'Backup', prefixes: ['backups'], description: 'Backup de Dados do escritório atual (só sócios).' },
  {
    name: 'Configurações Avançadas',
    prefixes: ['office-settings'],
    description: 'Do escritório atual (só sócios).',
  },
  {
    name: 'Financeiro',
    prefixes: ['financial'],
    description: 'Financeiro do escritório atual: lançamentos, cobranças Pix e propostas de honorários.',
  },
  { name: 'Relatórios', prefixes: ['reports'], description: 'Relatórios e analytics do escritório atual.' },
  {
    name: 'Auditoria',
    prefixes: ['audit'],
    description: 'Quem fez o quê e quando no escritório atual (leituras completas, exportações, exclusões…).',
  },
  ...EXTRA_TAGS,
  { name: 'Referência', prefixes: ['estados'], description: 'Estados e cidades do IBGE.' },
  { name: 'Sistema', prefixes: ['health', 'openapi.json', 'docs'], description: 'Saúde e documentação.' },
]
