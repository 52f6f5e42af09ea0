import { useQuery } from '@tanstack/react-query'
import { SelectItem } from '../../components/ui/select'
import { getTeamQueryOptions } from './use-team'

/**
 * The office's members as options of the audit log's 'Membro' filter: the audit trail (kernel) offers the slot,
 * the shell fills it with this (src/app/feature-slots.tsx).
 */
export function AuditMemberOptions() {
  const team = useQuery(getTeamQueryOptions())
  return (team.data?.members ?? []).map((member) => (
    <SelectItem key={member.id} value={member.id}>
      {member.nomeCompleto}
    </SelectItem>
  ))
}
