import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Ban, History, LockOpen } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateTimeBR } from '../../lib/br/dates'
import { BlockUserDialog, type BlockTarget } from './moderation-block-dialog'
import { StatusBadge, TabSkeleton } from './moderation-shared'
import { HISTORY_PAGE_SIZE, useBlockedUsers, useModerationHistory } from './use-admin-moderation'

/** Bloqueados: users under a block in force, with the reason; unblock after a confirmation. */
export function BlockedTab() {
  const { t } = useTranslation('admin-moderation')
  const blocked = useBlockedUsers()
  const [target, setTarget] = useState<BlockTarget | null>(null)

  if (blocked.isPending) return <TabSkeleton />
  const rows = blocked.data?.items ?? []
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState
          icon={<Ban />}
          title={blocked.isError ? t('loadError') : t('blocked.empty')}
          description={blocked.isError ? t('tryLater') : undefined}
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.user')}</TableHead>
              <TableHead>{t('columns.reason')}</TableHead>
              <TableHead>{t('columns.blockedAt')}</TableHead>
              <TableHead>{t('columns.blockedBy')}</TableHead>
              <TableHead className="text-right">{t('columns.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const name = row.nomeCompleto ?? row.email
              return (
                <TableRow key={row.userId} data-testid="blocked-row">
                  <TableCell>
                    <span className="block font-medium">{name}</span>
                    <span className="text-xs break-all text-muted-foreground">{row.email}</span>
                  </TableCell>
                  <TableCell className="max-w-64 break-words">{row.reason}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTimeBR(row.blockedAt)}</TableCell>
                  <TableCell>{row.blockedByName ?? t('history.unknownActor')}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${t('blocked.unblock')}: ${name}`}
                      onClick={() => setTarget({ userId: row.userId, name, blocked: true })}
                    >
                      <LockOpen aria-hidden />
                      <span className="hidden sm:inline">{t('blocked.unblock')}</span>
                    </Button>
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      )}
      <BlockUserDialog target={target} onClose={() => setTarget(null)} />
    </>
  )
}

/** Histórico: every decision (who, when, what, reason), newest first, 20 per page. */
export function HistoryTab() {
  const { t } = useTranslation('admin-moderation')
  const [page, setPage] = useState(0)
  const history = useModerationHistory(page)

  if (history.isPending) return <TabSkeleton />
  const rows = history.data?.items ?? []
  const total = history.data?.total ?? 0
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<History />}
        title={history.isError ? t('loadError') : t('history.empty')}
        description={history.isError ? t('tryLater') : undefined}
      />
    )
  const from = page * HISTORY_PAGE_SIZE + 1
  const to = Math.min(total, (page + 1) * HISTORY_PAGE_SIZE)
  return (
    <div className="flex flex-col gap-4">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('columns.when')}</TableHead>
            <TableHead>{t('columns.who')}</TableHead>
            <TableHead>{t('columns.what')}</TableHead>
            <TableHead>{t('columns.reason')}</TableHead>
            <TableHead>{t('columns.status')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid="history-row">
              <TableCell className="whitespace-nowrap">{formatDateTimeBR(row.at)}</TableCell>
              <TableCell>{row.actorName ?? t('history.unknownActor')}</TableCell>
              <TableCell>
                <span className="block font-medium">
                  {t(`history.kinds.${row.kind}`)}: {t(`history.outcomes.${row.outcome}`, row.outcome)}
                </span>
                {row.subject && (
                  <span className="text-xs text-muted-foreground">
                    {t(`reports.targetTypes.${row.subject}`, row.subject)}
                  </span>
                )}
              </TableCell>
              <TableCell className="max-w-64 break-words">{row.reason ?? '—'}</TableCell>
              <TableCell>
                <StatusBadge done />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <nav
        aria-label={t('tabs.history')}
        className="flex flex-col items-center justify-between gap-2 sm:flex-row"
      >
        <p className="text-sm text-muted-foreground">{t('history.showing', { from, to, total })}</p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('history.previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={to >= total} onClick={() => setPage(page + 1)}>
            {t('history.next')}
          </Button>
        </div>
      </nav>
    </div>
  )
}
