import { useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Download, ScrollText, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateTimeBR } from '../../lib/br/dates'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'
import { AUDIT_ACTIONS, formatAuditDetails } from './audit-format'
import { auditMemberOptionsSlot } from './audit-slots'
import { AUDIT_ACTION_LABELS, type AuditEntryDto } from './audit.schema'
import { auditParams, emptyAuditFilters, getAuditLogQueryOptions, type AuditFilters } from './use-audit-log'

// Radix Select has no empty value: 'todos' stands for "no filter".
const ALL = 'todos'

/**
 * The office's audit trail for its sócios (GET /api/audit): filters by member, action and period, 50 rows
 * at a time with 'Carregar mais', and the CSV of the same filters. Self-contained: the audit page and the
 * team page both place it. `idPrefix` keeps ids unique if a screen ever shows two.
 */
export function OfficeAuditLog({ idPrefix = 'auditoria' }: { idPrefix?: string }) {
  const { t } = useTranslation('audit')
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters)
  const periodOk = !filters.from || !filters.to || filters.from <= filters.to
  const log = useInfiniteQuery({ ...getAuditLogQueryOptions(filters), enabled: periodOk })
  const [exporting, setExporting] = useState(false)
  const isFiltered = Object.values(filters).some(Boolean)

  const set = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, ...patch }))
  const actionLabel = (action: string) =>
    t(`actions.${action}`, { defaultValue: AUDIT_ACTION_LABELS[action] ?? action })

  async function exportCsv() {
    setExporting(true)
    try {
      const response = await apiFetch(`/api/audit/export.csv?${auditParams(filters)}`)
      await saveResponseAsFile(response, 'auditoria.csv')
    } catch (error) {
      toast.error(t('exportError'), { description: error instanceof Error ? error.message : undefined })
    } finally {
      setExporting(false)
    }
  }

  const items = log.data?.pages.flatMap((page) => page.items) ?? []

  return (
    <div className="grid gap-4">
      <div
        role="group"
        aria-label={t('filters.label')}
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_10rem_auto]"
      >
        <FormField label={t('filters.member')} htmlFor={`${idPrefix}-membro`}>
          <Select
            value={filters.memberId || ALL}
            onValueChange={(v) => set({ memberId: v === ALL ? '' : v })}
          >
            <SelectTrigger id={`${idPrefix}-membro`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('filters.allMembers')}</SelectItem>
              <auditMemberOptionsSlot.Slot />
            </SelectContent>
          </Select>
        </FormField>
        <FormField label={t('filters.action')} htmlFor={`${idPrefix}-acao`}>
          <Select value={filters.action || ALL} onValueChange={(v) => set({ action: v === ALL ? '' : v })}>
            <SelectTrigger id={`${idPrefix}-acao`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('filters.allActions')}</SelectItem>
              {AUDIT_ACTIONS.map((action) => (
                <SelectItem key={action} value={action}>
                  {actionLabel(action)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label={t('filters.from')} htmlFor={`${idPrefix}-de`}>
          <Input
            id={`${idPrefix}-de`}
            type="date"
            value={filters.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </FormField>
        <FormField
          label={t('filters.to')}
          htmlFor={`${idPrefix}-ate`}
          error={periodOk ? undefined : t('filters.invalidPeriod')}
        >
          <Input
            id={`${idPrefix}-ate`}
            type="date"
            value={filters.to}
            onChange={(e) => set({ to: e.target.value })}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          {isFiltered && (
            <Button variant="ghost" onClick={() => setFilters(emptyAuditFilters)}>
              <X aria-hidden />
              {t('filters.clear')}
            </Button>
          )}
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || !periodOk}>
            <Download aria-hidden />
            {exporting ? t('exporting') : t('exportCsv')}
          </Button>
        </div>
      </div>

      {log.isPending && periodOk ? (
        <div className="grid gap-2" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : log.isError ? (
        <div
          role="alert"
          className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-4"
        >
          <p className="font-medium">{t('error.title')}</p>
          <p className="text-sm text-muted-foreground">{log.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void log.refetch()}>
            {t('error.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        periodOk && (
          <EmptyState icon={<ScrollText />} title={t('empty.title')} description={t('empty.description')} />
        )
      ) : (
        <>
          <ul className="grid gap-2">
            {items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} actionLabel={actionLabel(entry.action)} />
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('shown', { count: items.length })}
            </p>
            {log.hasNextPage && (
              <Button
                variant="outline"
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
              >
                {log.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  )
}

function AuditRow({ entry, actionLabel }: { entry: AuditEntryDto; actionLabel: string }) {
  const { t } = useTranslation('audit')
  const details = formatAuditDetails(entry.details)
  const entity = t(`entities.${entry.entity}`, { defaultValue: entry.entity })
  return (
    <li
      className="grid gap-1 rounded-lg border p-3 text-sm md:grid-cols-[9.5rem_minmax(0,12rem)_minmax(0,1fr)] md:gap-x-4"
      data-testid="audit-entry"
    >
      <time dateTime={entry.createdAt} className="text-muted-foreground tabular-nums">
        {formatDateTimeBR(entry.createdAt)}
      </time>
      <span className="truncate font-medium" title={entry.actorNome ?? undefined}>
        {entry.actorNome ?? t('unknownMember')}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p>
          <span className="font-medium">{actionLabel}</span>
          <span className="text-muted-foreground">
            {' · '}
            {entity}
            {entry.entityId && <span className="font-mono text-xs"> {entry.entityId.slice(0, 8)}</span>}
          </span>
        </p>
        {(details || entry.ip) && (
          <p className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
            {details}
            {details && entry.ip && ' · '}
            {entry.ip && `${t('columns.ip')}: ${entry.ip}`}
          </p>
        )}
      </div>
    </li>
  )
}
