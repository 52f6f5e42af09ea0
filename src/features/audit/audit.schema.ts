import { z } from 'zod'
import '../../lib/zod-pt-br'
import { diffDaysISO } from '../../lib/br/dates'
import { optionalDate } from '../../lib/zod-fields'

// Contract of GET /api/audit (issue 10, "Office audit log"): the office's trail for its sócios. No server
// imports: the browser bundles this file.

export const AUDIT_PAGE_SIZE = 50

/** What the viewer names each action (unknown ones are shown as stored). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'client.read': 'Leitura completa de cliente',
  'client.create': 'Cliente criado',
  'client.update': 'Cliente alterado',
  'client.export': 'Exportação de clientes',
  'client.delete': 'Cliente excluído',
  'client.restore': 'Cliente restaurado',
  'case.create': 'Processo criado',
  'case.update': 'Processo alterado',
  'case.export': 'Exportação de processos',
  'case.delete': 'Processo excluído',
  'case.restore': 'Processo restaurado',
  'document.upload': 'Documento enviado',
  'document.version': 'Nova versão de documento',
  'document.update': 'Documento alterado',
  'document.delete': 'Documento excluído',
  'document.restore': 'Documento restaurado',
  'document.download': 'Download de documento',
  'event.create': 'Evento criado',
  'event.update': 'Evento alterado',
  'event.confirm': 'Evento confirmado',
  'event.delete': 'Evento excluído',
  'event.restore': 'Evento restaurado',
  'prazo.create': 'Prazo criado',
  'member.sign_in': 'Entrada no sistema',
  'audit.export': 'Exportação da auditoria',
}

const ACTION = /^[a-z_]+\.[a-z_]+$/

/** Query of GET /api/audit and its CSV. `from`/`to` are São Paulo dates, both included. */
export const auditQuery = z
  .object({
    memberId: z
      .union([z.literal(''), z.uuid({ error: 'Membro inválido.' })])
      .optional()
      .transform((v) => v || null),
    action: z
      .string()
      .trim()
      .max(60)
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || ACTION.test(v), 'Ação inválida.'),
    from: optionalDate('Data inicial'),
    to: optionalDate('Data final'),
    page: z.coerce.number({ error: 'Página inválida.' }).int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.from || !q.to || (q.from <= q.to && diffDaysISO(q.from, q.to) <= 3660), {
    message: 'Período inválido.',
    path: ['to'],
  })
export type AuditQuery = z.input<typeof auditQuery>

export interface AuditEntryDto {
  id: string
  createdAt: string
  action: string
  entity: string
  entityId: string | null
  /** The member's name in this office (or the account's name); null for a removed user. */
  actorNome: string | null
  details: unknown
  ip: string | null
}

export interface AuditPage {
  items: AuditEntryDto[]
  page: number
  pageSize: number
  /** Whether a next page exists (no exact count on a log that only grows). */
  hasMore: boolean
}
