import { useCallback, useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { KeyRound, Plus, Scale, Settings2, UserCog, UsersRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton } from '../../components/list-page/list-states'
import { useReturnFocus } from '../../components/list-page/use-return-focus'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { cn } from '../../lib/utils'
import { NIVEIS_ACESSO } from '../offices/offices.public'
import { MemberFormDialog } from './member-form'
import { LEVEL_ICON } from './members-list'
import { StatCards, type StatCardItem } from '../../components/list-page/stat-cards'
import { PERMISSION_LABELS, type TeamMember } from './team.schema'
import { getTeamQueryOptions } from './use-team'

const numberFormat = new Intl.NumberFormat('pt-BR')

type FormState = { open: boolean; member: TeamMember | null }

/** /dashboard/team-management — the spec's cards and member list, from real data (issue 10). */
export function TeamManagementPage() {
  const { t } = useTranslation('team')
  const team = useQuery(getTeamQueryOptions())
  const stats = team.data?.stats
  const members = team.data?.members ?? []
  const canManage = team.data?.podeGerenciar ?? false
  const [form, setForm] = useState<FormState>({ open: false, member: null })

  useEffect(() => {
    if (team.isError) toast.error(t('toast.loadError'), { description: team.error.message })
  }, [team.isError, team.error, t])

  const headingRef = useRef<HTMLHeadingElement>(null)
  const { remember, returnFocus } = useReturnFocus(headingRef)
  const openForm = (member: TeamMember | null) => {
    remember()
    setForm({ open: true, member })
  }
  const onFormOpenChange = useCallback((open: boolean) => setForm((state) => ({ ...state, open })), [])

  const cards: StatCardItem[] = [
    {
      key: 'equipe',
      label: t('management.stats.team'),
      value: stats && numberFormat.format(stats.membrosAtivos),
      icon: UsersRound,
    },
    {
      key: 'advogados',
      label: t('management.stats.lawyers'),
      value: stats && numberFormat.format(stats.advogadosAtivos),
      icon: Scale,
    },
    {
      key: 'apoio',
      label: t('management.stats.support'),
      value: stats && numberFormat.format(stats.equipeDeApoio),
      icon: UserCog,
    },
    // Spec §6: the page states the four access levels.
    {
      key: 'niveis',
      label: t('management.stats.levels'),
      value: numberFormat.format(NIVEIS_ACESSO.length),
      icon: KeyRound,
    },
  ]

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            {t('management.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('management.subtitle')}</p>
        </div>
        {canManage && (
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden />
            {t('management.add')}
          </Button>
        )}
      </header>
      {team.data && !canManage && (
        <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
          {t('readOnly')}
        </p>
      )}

      <StatCards
        label={t('management.stats.label')}
        cards={cards}
        loading={team.isPending}
        testIdPrefix="team-stat"
      />

      <Card className="gap-4 py-4">
        <CardHeader className="px-4">
          <CardTitle>
            <h2>{t('management.listTitle')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="px-4">
          {team.isPending ? (
            <ListSkeleton />
          ) : team.isError && !team.data ? (
            <ListError
              title={t('error.title')}
              message={team.error.message}
              retryLabel={t('error.retry')}
              onRetry={() => void team.refetch()}
            />
          ) : members.length === 0 ? (
            <EmptyState icon={<UsersRound />} title={t('empty.title')} />
          ) : (
            <ul className="divide-y" aria-label={t('list.label')}>
              {members.map((member) => (
                <ManagedMember
                  key={member.id}
                  member={member}
                  canManage={canManage}
                  onManage={() => openForm(member)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <MemberFormDialog
        open={form.open}
        member={form.member}
        onOpenChange={onFormOpenChange}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  )
}

function ManagedMember({
  member,
  canManage,
  onManage,
}: {
  member: TeamMember
  canManage: boolean
  onManage: () => void
}) {
  const { t } = useTranslation('team')
  const Icon = LEVEL_ICON[member.nivelAcesso]
  const status = member.online ? t('management.online') : t('management.offline')
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="managed-member">
      <span className="relative flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden className="size-5" />
        <span
          aria-hidden
          className={cn(
            'absolute right-0 bottom-0 size-3 rounded-full border-2 border-background',
            member.online ? 'bg-success' : 'bg-muted-foreground/50',
          )}
        />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-words">{member.nomeCompleto}</p>
        <p className="text-sm text-muted-foreground">{member.cargo ?? t(`nivel.${member.nivelAcesso}`)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={member.nivelAcesso === 'socio' ? 'default' : 'secondary'}>
          {t(`management.permission.${PERMISSION_LABELS[member.nivelAcesso]}`)}
        </Badge>
        <span className="text-xs text-muted-foreground">{status}</span>
        {canManage && (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('management.manageLabel', { nome: member.nomeCompleto })}
            onClick={onManage}
          >
            <Settings2 aria-hidden />
            {t('management.manage')}
          </Button>
        )}
      </div>
    </li>
  )
}
