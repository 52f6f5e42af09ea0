import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { toast } from 'sonner'
import { Eye, Pencil, RefreshCw, Search, UserSearch } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogClose,
} from '../../components/ui/dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { PageSpinner } from '../../components/page-spinner'
import { paths } from '../../lib/paths'
import { formatCnpj } from '../../lib/br/cnpj'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { formatPhone } from '../../lib/br/phone'
import { useSession } from '../auth/auth.public'
import type { AdminProfileItem } from './admin.schema'
import { AdminShell, Pagination, RoleBadge, StatCards, TypeBadge } from './admin-shared'
import { BlockAction, BlockUserDialog, type BlockTarget } from './moderation-block-dialog'
import { ProfileEditDialog } from './moderation-profile-edit-dialog'
import { BlockedBadge } from './moderation-shared'
import { adminKeys, useAdminProfiles, useAdminStats } from './use-admin'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { useQueryClient } from '@tanstack/react-query'

/** /admin/profiles: superadmin only ('Carregando...' while the role loads, others → /dashboard). */
export function AdminProfilesPage() {
  const { t } = useTranslation('admin')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <Navigate to={paths.dashboard.root} replace />
  return <AdminProfiles currentUserId={session.real?.user.id ?? ''} />
}

/** The public page of a public lawyer or entity; null for anyone else (students have none). */
function publicPageOf(item: AdminProfileItem): string | null {
  if (!item.perfilPublico || !item.slug) return null
  if (item.userType === 'advogado') return paths.lawyer.replace(':slug', encodeURIComponent(item.slug))
  if (item.userType === 'entidade') return paths.entity.replace(':slug', encodeURIComponent(item.slug))
  return null
}

function AdminProfiles({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation('admin')
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const [viewing, setViewing] = useState<AdminProfileItem | null>(null)
  const [editing, setEditing] = useState<AdminProfileItem | null>(null)
  const [blockTarget, setBlockTarget] = useState<BlockTarget | null>(null)
  const debouncedSearch = useDebouncedValue(search.trim(), 300)
  const stats = useAdminStats(true)
  const profiles = useAdminProfiles(
    { search: debouncedSearch, type: 'todos', by: 'name_or_type', role: 'todos', page },
    true,
  )

  useEffect(() => setPage(0), [debouncedSearch])

  useEffect(() => {
    if (!profiles.error) return
    console.error('Erro ao carregar perfis', profiles.error)
    toast.error(t('profiles.loadError'), { description: t('profiles.tryLater') })
  }, [profiles.error, t])

  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.all })
  const rows = profiles.data?.items ?? []

  return (
    <AdminShell
      title={t('profiles.title')}
      subtitle={t('profiles.subtitle')}
      actions={
        <Button variant="outline" onClick={refresh} disabled={profiles.isFetching}>
          <RefreshCw aria-hidden className={profiles.isFetching ? 'animate-spin' : undefined} />
          {t('profiles.refresh')}
        </Button>
      }
    >
      <StatCards stats={stats.data} keys={['total', 'advogados', 'estudantes', 'entidades']} />
      <Card>
        <CardContent className="flex flex-col gap-4">
          <div className="grid gap-2 md:max-w-md">
            <Label htmlFor="profiles-search">{t('profiles.searchLabel')}</Label>
            <div className="relative">
              <Search aria-hidden className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
              <Input
                id="profiles-search"
                type="search"
                className="pl-9"
                placeholder={t('profiles.searchPlaceholder')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
          {profiles.isPending ? (
            <div role="status" aria-live="polite" className="flex flex-col gap-2">
              <span className="sr-only">{t('loading')}</span>
              {Array.from({ length: 6 }, (_, index) => (
                <Skeleton key={index} className="h-10 w-full" />
              ))}
            </div>
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<UserSearch />}
              title={profiles.isError ? t('profiles.loadError') : t('profiles.empty')}
              description={profiles.isError ? t('profiles.tryLater') : undefined}
            />
          ) : (
            <Table aria-busy={profiles.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('profiles.columns.fullName')}</TableHead>
                  <TableHead>{t('profiles.columns.type')}</TableHead>
                  <TableHead>{t('profiles.columns.phone')}</TableHead>
                  <TableHead>{t('profiles.columns.createdAt')}</TableHead>
                  <TableHead className="text-right">{t('profiles.columns.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((item) => {
                  const name = item.nomeCompleto.trim() || t('profiles.noName')
                  const publicPage = publicPageOf(item)
                  return (
                    <TableRow key={item.id} data-testid="profile-row">
                      <TableCell className="font-medium">
                        {name}
                        {item.blocked && <BlockedBadge />}
                      </TableCell>
                      <TableCell>
                        <TypeBadge type={item.userType} />
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {item.telefone ? formatPhone(item.telefone) : t('notInformed')}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{formatDateBR(item.createdAt)}</TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-1">
                          {publicPage ? (
                            <Button size="sm" variant="outline" asChild>
                              <Link to={publicPage} aria-label={`${t('profiles.view')}: ${name}`}>
                                <Eye aria-hidden />
                              </Link>
                            </Button>
                          ) : (
                            <Button
                              size="sm"
                              variant="outline"
                              onClick={() => setViewing(item)}
                              aria-label={`${t('profiles.view')}: ${name}`}
                            >
                              <Eye aria-hidden />
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => setEditing(item)}
                            aria-label={`${t('profiles.edit')}: ${name}`}
                          >
                            <Pencil aria-hidden />
                          </Button>
                          <BlockAction
                            item={item}
                            isSelf={item.userId === currentUserId}
                            onClick={() =>
                              setBlockTarget({ userId: item.userId, name, blocked: item.blocked })
                            }
                          />
                        </div>
                      </TableCell>
                    </TableRow>
                  )
                })}
              </TableBody>
            </Table>
          )}
          <Pagination page={page} total={profiles.data?.total ?? 0} onPageChange={setPage} />
        </CardContent>
      </Card>
      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)}>
        {viewing && <ProfileDetails item={viewing} />}
      </Dialog>
      <ProfileEditDialog item={editing} onClose={() => setEditing(null)} />
      <BlockUserDialog target={blockTarget} onClose={() => setBlockTarget(null)} />
    </AdminShell>
  )
}

function ProfileDetails({ item }: { item: AdminProfileItem }) {
  const { t } = useTranslation('admin')
  const fields: [string, React.ReactNode][] = [
    [t('details.email'), item.email],
    [t('profiles.columns.type'), <TypeBadge key="type" type={item.userType} />],
    [t('details.role'), <RoleBadge key="role" role={item.role} />],
    [t('profiles.columns.phone'), item.telefone ? formatPhone(item.telefone) : t('notInformed')],
    [t('details.location'), item.cidade && item.estado ? `${item.cidade}/${item.estado}` : t('notInformed')],
    [t('profiles.columns.createdAt'), formatDateTimeBR(item.createdAt)],
  ]
  if (item.userType === 'advogado')
    fields.push([
      t('details.oab'),
      item.oabNumero ? `${item.oabNumero}/${item.oabEstado ?? ''}` : t('notInformed'),
    ])
  if (item.userType === 'estudante') {
    fields.push([t('details.university'), item.universidade ?? t('notInformed')])
    fields.push([t('details.period'), item.periodoCurso ? `${item.periodoCurso}º` : t('notInformed')])
  }
  if (item.userType === 'entidade') {
    fields.push([t('details.entityName'), item.nomeEntidade ?? t('notInformed')])
    fields.push([t('details.cnpj'), item.cnpj ? formatCnpj(item.cnpj) : t('notInformed')])
    fields.push([
      t('details.entityType'),
      item.tipoEntidade ? t(`entityTypes.${item.tipoEntidade}`) : t('notInformed'),
    ])
  }
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{item.nomeCompleto.trim() || t('profiles.noName')}</DialogTitle>
        <DialogDescription>{t('details.description')}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('details.close')}</Button>
        </DialogClose>
      </DialogFooter>
    </DialogContent>
  )
}
