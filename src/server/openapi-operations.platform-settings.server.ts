import type { OperationDoc } from './openapi-operations.server'

// /api/platform-settings (issue 14, /admin/settings), kept apart so openapi-operations.server.ts stays
// under the 400-line limit.

export const PLATFORM_SETTINGS_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/platform-settings/public': {
    summary: 'Nome da plataforma, modo manutenção e cadastros abertos (público)',
  },
  'GET /api/platform-settings': { summary: 'Configurações da plataforma (sem a senha SMTP) — superadmin' },
  'PUT /api/platform-settings': { summary: 'Salva as configurações da plataforma — superadmin' },
  'GET /api/platform-settings/status': {
    summary: 'Cartões: status do sistema, usuários ativos, armazenamento, receita — superadmin',
  },
  'POST /api/platform-settings/smtp-test': {
    summary: 'Envia um e-mail de teste pelo SMTP salvo da plataforma — superadmin',
  },
}

export const PLATFORM_SETTINGS_TAGS = [
  {
    name: 'Configurações da plataforma',
    prefixes: ['platform-settings'],
    description: 'Configurações gerais, e-mail, pagamentos e segurança da plataforma (/admin/settings).',
  },
]
