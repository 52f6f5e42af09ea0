import {
  Briefcase,
  Clock,
  Crown,
  GraduationCap,
  Headset,
  Mail,
  MailX,
  Pencil,
  Phone,
  Scale,
  Send,
  ShieldCheck,
  UserX,
  type LucideIcon,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { formatDateBR } from '../../lib/br/dates'
import { formatPhone } from '../../lib/br/phone'
import type { NivelAcesso } from '../offices/offices.public'
import type { TeamMember } from './team.schema'

/** The row's icon by level (spec §2: 'icon by level'). */
export const LEVEL_ICON: Record<NivelAcesso, LucideIcon> = {
  socio: Crown,
  associado: Scale,
  estagiario: GraduationCap,
  assistente: Headset,
}

const hoursFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

export interface MemberActions {
  canManage: boolean
  onEdit: (member: TeamMember) => void
  onPermissions: (member: TeamMember) => void
  onDeactivate: (member: TeamMember) => void
  onResendInvite: (member: TeamMember) => void
  onCancelInvite: (member: TeamMember) => void
}

/** The members of 'Equipe & Permissões': one card per member (fits a phone; a table would not). */
export function MembersList({ members, actions }: { members: TeamMember[]; actions: MemberActions }) {
  const { t } = useTranslation('team')
  return (
    <ul aria-label={t('list.label')} className="grid gap-3">
      {members.map((member) => (
        <MemberRow key={member.id} member={member} actions={actions} />
      ))}
    </ul>
  )
}

function MemberRow({ member, actions }: { member: TeamMember; actions: MemberActions }) {
  const { t } = useTranslation('team')
  const Icon = LEVEL_ICON[member.nivelAcesso]
  const nome = member.nomeCompleto
  return (
    <li className="grid gap-3 rounded-lg border p-4" data-testid="team-member">
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words">{nome}</h3>
            {member.voce && <Badge variant="secondary">{t('list.you')}</Badge>}
            <Badge>{t(`nivel.${member.nivelAcesso}`)}</Badge>
            {member.oabNumero && (
              <Badge variant="outline">
                <ShieldCheck aria-hidden />
                {t('list.oab', {
                  oab: member.oabUf ? `${member.oabNumero}/${member.oabUf}` : member.oabNumero,
                })}
              </Badge>
            )}
            {member.acesso === 'convite_pendente' && (
              <Badge variant="warning">{t('list.pendingInvite')}</Badge>
            )}
            {member.acesso === 'sem_acesso' && <Badge variant="outline">{t('list.noAccess')}</Badge>}
          </div>
          {member.cargo && <p className="text-sm text-muted-foreground">{member.cargo}</p>}
        </div>
      </div>

      <dl className="flex flex-col gap-x-6 gap-y-2 text-sm sm:flex-row sm:flex-wrap">
        {member.email && (
          <Detail icon={Mail} label={t('list.email')}>
            <span className="[overflow-wrap:anywhere]">{member.email}</span>
          </Detail>
        )}
        {member.telefone && (
          <Detail icon={Phone} label={t('list.phone')}>
            {formatPhone(member.telefone)}
          </Detail>
        )}
        {member.dataAdmissao && (
          <Detail icon={Clock} label={t('list.since')}>
            {formatDateBR(member.dataAdmissao)}
          </Detail>
        )}
        <Detail icon={Clock} label={t('list.hours')}>
          <span className="tabular-nums">{hoursFormat.format(member.horasMes)} h</span>
        </Detail>
        <Detail icon={Briefcase} label={t('list.cases')}>
          <span className="tabular-nums">{member.casosAtivos}</span>
        </Detail>
      </dl>

      {member.especialidades.length > 0 && (
        <div className="flex flex-wrap items-center gap-1 text-sm">
          <span className="mr-1 text-muted-foreground">{t('list.specialties')}:</span>
          {member.especialidades.map((item) => (
            <Badge key={item} variant="secondary">
              {item}
            </Badge>
          ))}
        </div>
      )}
      {member.observacoes && (
        <p className="text-sm">
          <span className="text-muted-foreground">{t('list.notes')}: </span>
          {member.observacoes}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {actions.canManage && (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('list.editLabel', { nome })}
            onClick={() => actions.onEdit(member)}
          >
            <Pencil aria-hidden />
            {t('list.edit')}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          aria-label={t('list.permissionsLabel', { nome })}
          onClick={() => actions.onPermissions(member)}
        >
          <ShieldCheck aria-hidden />
          {t('list.permissions')}
        </Button>
        {actions.canManage && member.acesso !== 'conta' && member.email && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t(member.acesso === 'convite_pendente' ? 'list.resendLabel' : 'list.inviteLabel', {
              nome,
            })}
            onClick={() => actions.onResendInvite(member)}
          >
            <Send aria-hidden />
            {t(member.acesso === 'convite_pendente' ? 'list.resend' : 'list.invite')}
          </Button>
        )}
        {actions.canManage && member.acesso === 'convite_pendente' && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('list.cancelInviteLabel', { nome })}
            onClick={() => actions.onCancelInvite(member)}
          >
            <MailX aria-hidden />
            {t('list.cancelInvite')}
          </Button>
        )}
        {actions.canManage && !member.voce && (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            aria-label={t('list.deactivateLabel', { nome })}
            onClick={() => actions.onDeactivate(member)}
          >
            <UserX aria-hidden />
            {t('list.deactivate')}
          </Button>
        )}
      </div>
    </li>
  )
}

function Detail({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon
  label: string
  children: React.ReactNode
}) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  )
}
