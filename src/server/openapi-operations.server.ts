import { z } from 'zod'
import { lawyerCollectionSchemas } from '../features/profiles/profiles.schema'

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

  'GET /api/cases': { summary: 'Lista os processos do escritório (busca, filtro, páginas)' },
  'POST /api/cases': { summary: 'Cadastra um processo', status: 201 },
  'GET /api/cases/stats': { summary: 'Totais de processos por situação' },
  'GET /api/cases/export.csv': { summary: 'Exporta os processos em CSV (auditado)', media: CSV },
  'GET /api/cases/{id}': { summary: 'Dados de um processo' },
  'PATCH /api/cases/{id}': { summary: 'Altera um processo' },
  'DELETE /api/cases/{id}': { summary: 'Exclui um processo (pode ser restaurado)' },
  'POST /api/cases/{id}/restore': { summary: 'Restaura um processo excluído' },
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
  { name: 'Perfil', prefixes: ['profile', 'files'], description: 'Perfil público e foto do usuário.' },
  { name: 'Configurações', prefixes: ['settings'], description: 'Preferências, sessões e atividade.' },
  { name: 'Administração', prefixes: ['admin'], description: 'Somente para o superadmin.' },
  { name: 'Referência', prefixes: ['estados'], description: 'Estados e cidades do IBGE.' },
  { name: 'Sistema', prefixes: ['health', 'openapi.json', 'docs'], description: 'Saúde e documentação.' },
]
