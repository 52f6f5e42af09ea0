import { createSlot } from '../../components/slot'

/**
 * The members offered by the audit log's 'Membro' filter, as the filter's `SelectItem`s (value: the member's
 * id). The team (above the kernel's audit trail) lists them; the shell wires it (src/app/feature-slots.tsx), so
 * the audit log never imports the team. Unfilled, the filter offers 'Todos os membros' only.
 */
export const auditMemberOptionsSlot = createSlot<object>('audit-member-options')
