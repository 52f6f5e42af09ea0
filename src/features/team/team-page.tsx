import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Briefcase, Clock, Plus, UsersRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton } from '../../components/list-page/list-states'
import { SearchStatusBar } from '../../components/list-page/search-status-bar'
import { useReturnFocus } from '../../components/list-page/use-return-focus'
import { useSearchText } from '../../components/list-page/use-search-text'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { OfficeAuditLog } from '../audit/audit.public'
import { NIVEIS_ACESSO } from '../offices/offices.public'
import { DeactivateMemberDialog, useInvitationActions } from './member-actions'
import { MemberFormDialog } from './member-form'
import { MembersList } from './members-list'
import { PermissionMatrix, PermissionsDialog } from './permission-matrix'
import { StatCards, type StatCardItem } from '../../components/list-page/stat-cards'
import type { TeamMember, TeamOverview } from './team.schema'
import { getTeamQueryOptions, type TeamFilters } from './use-team'

const LEVEL_FILTERS = ['todos', ...NIVEIS_ACESSO] as const
const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

type FormState = { open: boolean; member: TeamMember | null }

/** /dashboard/team — 'Equipe & Permissões' (spec §2, issue 10). */
export function TeamPage() {
  const { t } = useTranslation('team')
  const { searchText, setSearchText, search } = useSearchText()
  const [nivel, setNivel] = useState<TeamFilters['nivel']>('todos')
  const filters = useMemo<TeamFilters>(() => ({ search, nivel }), [search, nivel])
  const team = useQuery(getTeamQueryOptions(filters))
  const members = team.data?.members ?? []
  const canManage = team.data?.podeGerenciar ?? false

  const [form, setForm] = useState<FormState>({ open: false, member: null })
  const [permissionsOf, setPermissionsOf] = useState<TeamMember | null>(null)
  const [deactivating, setDeactivating] = useState<TeamMember | null>(null)
  const invitations = useInvitationActions()

  useEffect(() => {
    if (team.isError) toast.error(t('toast.loadError'), { description: team.error.message })
  }, [team.isError, team.error, t])

  // The dialogs open from row buttons (no Radix trigger): focus goes back to the opener, or to the search.
  const searchRef = useRef<HTMLInputElement>(null)
  const { remember: rememberOpener, returnFocus } = useReturnFocus(searchRef)
  const onFormOpenChange = useCallback((open: boolean) => setForm((state) => ({ ...state, open })), [])
  const openForm = (member: TeamMember | null) => {
    rememberOpener()
    setForm({ open: true, member })
  }

  const isFiltered = search !== '' || nivel !== 'todos'

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        {canManage && (
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden />
            {t('new')}
          </Button>
        )}
      </header>
      {team.data && !canManage && (
        <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
          {t('readOnly')}
        </p>
      )}

      <TeamStats stats={team.data?.stats} loading={team.isPending} />

      <Card className="gap-4 py-4">
        <CardContent className="grid grid-cols-1 gap-4 px-4">
          <SearchStatusBar
            idPrefix="team"
            searchRef={searchRef}
            searchLabel={t('search.label')}
            searchPlaceholder={t('search.placeholder')}
            searchText={searchText}
            onSearchTextChange={setSearchText}
            statusLabel={t('search.levelLabel')}
            status={nivel}
            statuses={LEVEL_FILTERS}
            statusText={(value) => t(`nivel.${value}`)}
            onStatusChange={setNivel}
          />
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
            <EmptyState
              icon={<UsersRound />}
              title={t('empty.title')}
              description={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
            />
          ) : (
            <div aria-busy={team.isFetching}>
              <MembersList
                members={members}
                actions={{
                  canManage,
                  onEdit: (member) => openForm(member),
                  onPermissions: (member) => {
                    rememberOpener()
                    setPermissionsOf(member)
                  },
                  onDeactivate: (member) => {
                    rememberOpener()
                    setDeactivating(member)
                  },
                  onResendInvite: invitations.resend,
                  onCancelInvite: invitations.cancel,
                }}
              />
            </div>
          )}
        </CardContent>
      </Card>

      <PermissionMatrix />

      {/* The office's audit trail is the sócios' (GET /api/audit refuses anyone else). */}
      {canManage && (
        <Card className="gap-4 py-4" role="region" aria-labelledby="team-audit-title">
          <CardHeader className="px-4">
            <CardTitle>
              <h2 id="team-audit-title">{t('audit.title')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="px-4">
            <OfficeAuditLog idPrefix="equipe-auditoria" />
          </CardContent>
        </Card>
      )}

      <MemberFormDialog
        open={form.open}
        member={form.member}
        onOpenChange={onFormOpenChange}
        onCloseAutoFocus={returnFocus}
      />
      <PermissionsDialog
        member={permissionsOf}
        onOpenChange={(open) => !open && setPermissionsOf(null)}
        onCloseAutoFocus={returnFocus}
      />
      <DeactivateMemberDialog
        member={deactivating}
        onClose={() => setDeactivating(null)}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  )
}

function TeamStats({ stats, loading }: { stats: TeamOverview['stats'] | undefined; loading: boolean }) {
  const { t } = useTranslation('team')
  const cards: StatCardItem[] = [
    {
      key: 'membros',
      label: t('stats.membrosAtivos'),
      value: stats && numberFormat.format(stats.membrosAtivos),
      icon: UsersRound,
    },
    {
      key: 'horas',
      label: t('stats.horasMes'),
      value: stats && `${numberFormat.format(stats.horasMes)} h`,
      icon: Clock,
    },
    {
      key: 'casos',
      label: t('stats.casosAtivos'),
      value: stats && numberFormat.format(stats.casosAtivos),
      icon: Briefcase,
    },
    {
      key: 'media',
      label: t('stats.mediaCasos'),
      value: stats && numberFormat.format(stats.mediaCasosPorMembro),
      icon: Briefcase,
    },
  ]
  return <StatCards label={t('stats.label')} cards={cards} loading={loading} testIdPrefix="team-stat" />
}
