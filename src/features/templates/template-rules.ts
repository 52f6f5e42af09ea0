import { ApiRequestError } from '../../lib/api-client'
import { accessLevel, type NivelAcesso } from '../offices/offices.public'

/**
 * Who manages the office's templates (issue 25, 'templates.manage': sócios and associados); every member
 * generates. The browser only hides what the server refuses.
 */
export function canManageTemplates(nivel: NivelAcesso | undefined): boolean {
  return nivel !== undefined && accessLevel(nivel, 'templates.manage') === 'full'
}

const PLACEHOLDER = /\{[a-z_]+\.[a-z0-9_]+\}/g

/**
 * The unknown fields a refused upload names. The server lists them in its message ('Campos desconhecidos
 * no modelo: {cliente.apelido}, …'); `fields` may carry them too.
 */
export function unknownFieldsOf(error: unknown): string[] {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return []
  const texts = [error.message, ...Object.values(error.fields)]
  return [...new Set(texts.flatMap((text) => text.match(PLACEHOLDER) ?? []))]
}
