import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { Search, ShieldMinus, ShieldPlus, Users } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { PageSpinner } from '../../components/page-spinner'
import { paths } from '../../lib/paths'
import { formatDateBR } from '../../lib/br/dates'
import { formatPhone } from '../../lib/br/phone'
import { useSession } from '../auth/auth.public'
import { PROFILE_TYPES, type AdminProfileItem, type ProfileType } from './admin.schema'
import { AdminShell, Pagination, RoleBadge, StatCards, TypeBadge, UnavailableAction } from './admin-shared'
import { BlockedBadge } from './moderation-shared'
import { useAdminProfiles, useAdminStats, useChangeAdminRole } from './use-admin'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { BlockAction, BlockUserDialog, type BlockTarget } from './moderation-block-dialog'

type TypeFilter = 'todos' | ProfileType
type RoleFilter = 'todos' | 'admin'

/** /admin/users: every user (page of 50), with counts, name search, type filter and the admin role switch. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin')
  const session = useSession()
  if (session.isPending) return <PageSpinner label={t('loading')} />
  if (!session.isSuperadmin) return <AccessDenied />
  return <AdminUsers currentUserId={session.real?.user.id ?? ''} />
}

function AccessDenied() {
  const { t } = useTranslation('admin')
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p role="alert" className="text-lg font-semibold">
        {t('accessDenied')}
      </p>
      <Link to={paths.home} className="text-primary underline underline-offset-4">
        {t('backHome')}
      </Link>
    </main>
  )
}

function AdminUsers({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation('admin')
  const [searchParams, setSearchParams] = useSearchParams()
  const [search, setSearch] = useState('')
  const [type, setType] = useState<TypeFilter>('todos')
  const role: RoleFilter = searchParams.get('role') === 'admin' ? 'admin' : 'todos'
  const [page, setPage] = useState(0)
  const debouncedSearch = useDebouncedValue(search.trim(), 300)
  const stats = useAdminStats(true)
  const profiles = useAdminProfiles({ search: debouncedSearch, type, by: 'name', role, page }, true)
  const changeRole = useChangeAdminRole()
  const [pending, setPending] = useState<{ item: AdminProfileItem; grant: boolean } | null>(null)
  const [blockTarget, setBlockTarget] = useState<BlockTarget | null>(null)

  // A new filter starts again at the first page.
  useEffect(() => setPage(0), [debouncedSearch, type, role])

  useEffect(() => {
    if (profiles.error) toast.error(t('users.loadError'), { description: profiles.error.message })
  }, [profiles.error, t])

  const confirmRoleChange = () => {
    if (!pending) return
    const { item, grant } = pending
    changeRole.mutate(
      { userId: item.userId, grant },
      {
        onSuccess: () =>
          toast.success(grant ? t('users.granted') : t('users.revoked'), { description: item.nomeCompleto }),
        onError: (error) => toast.error(t('users.roleError'), { description: error.message }),
      },
    )
    setPending(null)
  }

  const rows = profiles.data?.items ?? []

  return (
    <AdminShell title={t('users.title')} subtitle={t('users.subtitle')}>
      <StatCards
        stats={stats.data}
        keys={['total', 'advogados', 'estudantes', 'entidades', 'admins', 'activeToday']}
      />
      <Card>
        <CardContent className="flex flex-col gap-4">
          <div className="grid gap-4 md:grid-cols-[1fr_14rem_14rem]">
            <div className="grid gap-2">
              <Label htmlFor="users-search">{t('users.searchLabel')}</Label>
              <div className="relative">
                <Search aria-hidden className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
                <Input
                  id="users-search"
                  type="search"
                  className="pl-9"
                  placeholder={t('users.searchPlaceholder')}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="users-type">{t('filters.type')}</Label>
              <Select value={type} onValueChange={(value) => setType(value as TypeFilter)}>
                <SelectTrigger id="users-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="todos">{t('filters.allTypes')}</SelectItem>
                  {PROFILE_TYPES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`types.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="users-role">{t('filters.role')}</Label>
              <Select
                value={role}
                onValueChange={(value) =>
                  setSearchParams(value === 'admin' ? { role: 'admin' } : {}, { replace: true })
                }
              >
                <SelectTrigger id="users-role">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="todos">{t('filters.allRoles')}</SelectItem>
                  <SelectItem value="admin">{t('filters.adminsOnly')}</SelectItem>
                </SelectContent>
              </Select>
            </div>
          </div>

          {profiles.isPending ? (
            <TableSkeleton />
          ) : rows.length === 0 ? (
            <EmptyState icon={<Users />} title={profiles.isError ? t('users.loadError') : t('users.empty')} />
          ) : (
            <Table aria-busy={profiles.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('users.columns.name')}</TableHead>
                  <TableHead>{t('users.columns.type')}</TableHead>
                  <TableHead>{t('users.columns.phone')}</TableHead>
                  <TableHead>{t('users.columns.createdAt')}</TableHead>
                  <TableHead>{t('users.columns.role')}</TableHead>
                  <TableHead className="text-right">{t('users.columns.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((item) => (
                  <TableRow key={item.id} data-testid="user-row">
                    <TableCell className="font-medium">
                      {item.nomeCompleto || t('profiles.noName')}
                      {item.blocked && <BlockedBadge />}
                    </TableCell>
                    <TableCell>
                      <TypeBadge type={item.userType} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {item.telefone ? formatPhone(item.telefone) : t('users.na')}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateBR(item.createdAt)}</TableCell>
                    <TableCell>
                      <RoleBadge role={item.role} />
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <RoleAction
                          item={item}
                          isSelf={item.userId === currentUserId}
                          onChange={(grant) => setPending({ item, grant })}
                          busy={changeRole.isPending && changeRole.variables.userId === item.userId}
                        />
                        <BlockAction
                          item={item}
                          isSelf={item.userId === currentUserId}
                          onClick={() =>
                            setBlockTarget({
                              userId: item.userId,
                              name: item.nomeCompleto || t('profiles.noName'),
                              blocked: item.blocked,
                            })
                          }
                        />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Pagination page={page} total={profiles.data?.total ?? 0} onPageChange={setPage} />
        </CardContent>
      </Card>

      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {pending?.grant ? t('users.confirmGrantTitle') : t('users.confirmRevokeTitle')}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {pending?.grant
                ? t('users.confirmGrantText', { name: pending.item.nomeCompleto })
                : t('users.confirmRevokeText', { name: pending?.item.nomeCompleto ?? '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={confirmRoleChange}>
              {pending?.grant ? t('users.grant') : t('users.revoke')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <BlockUserDialog target={blockTarget} onClose={() => setBlockTarget(null)} />
    </AdminShell>
  )
}

function RoleAction({
  item,
  isSelf,
  onChange,
  busy,
}: {
  item: AdminProfileItem
  isSelf: boolean
  onChange: (grant: boolean) => void
  busy: boolean
}) {
  const { t } = useTranslation('admin')
  const label = `${item.role === 'user' ? t('users.grant') : t('users.revoke')}: ${item.nomeCompleto}`
  if (item.role === 'user')
    return (
      <Button size="sm" variant="outline" disabled={busy} onClick={() => onChange(true)} aria-label={label}>
        <ShieldPlus aria-hidden />
        <span className="hidden lg:inline">{t('users.grant')}</span>
      </Button>
    )
  if (isSelf || item.isMaster)
    return (
      <UnavailableAction
        label={t('users.revoke')}
        reason={isSelf ? t('users.selfLocked') : t('users.masterLocked')}
      >
        <ShieldMinus aria-hidden />
        <span className="hidden lg:inline">{t('users.revoke')}</span>
      </UnavailableAction>
    )
  return (
    <Button size="sm" variant="outline" disabled={busy} onClick={() => onChange(false)} aria-label={label}>
      <ShieldMinus aria-hidden />
      <span className="hidden lg:inline">{t('users.revoke')}</span>
    </Button>
  )
}

function TableSkeleton() {
  const { t } = useTranslation('admin')
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-2">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  )
}
