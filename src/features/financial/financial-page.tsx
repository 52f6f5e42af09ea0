import { lazy, Suspense, useState } from 'react'
import { BarChart3, FileSignature, QrCode } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ListPageHeader } from '../../components/list-page/list-page-header'
import { useExport } from '../../components/list-page/use-export'
import { useSearchText } from '../../components/list-page/use-search-text'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { paths } from '../../lib/paths'
import { removeWithUndo } from '../../lib/use-undoable-delete'
import { EntriesSection } from './entries-section'
import { EntryDialog } from './entry-dialog'
import type { EntryActions } from './entry-row'
import { FinancialCards, PeriodSelector } from './financial-cards'
import { presetPeriod, type Period } from './financial-period'
import type { FinancialEntryDto } from './financial.schema'
import { PayDialog } from './pay-dialog'
import { PixChargeDialog } from './pix-charge-dialog'
import { ProposalsDialog } from './proposals-dialog'
import {
  downloadEntriesCsv,
  downloadReceipt,
  useDeleteEntry,
  useRestoreEntry,
  type EntryFilters,
} from './use-financial'

// recharts is heavy: the chart comes in its own chunk after the page's first paint.
const FinancialChart = lazy(() => import('./financial-chart').then((m) => ({ default: m.FinancialChart })))

/** 'Financeiro & Faturamento' (spec §2, issue 11): cards of a period, quick actions, chart and the entries. */
export function FinancialPage() {
  const { t } = useTranslation('financial')
  const navigate = useNavigate()
  const [period, setPeriod] = useState<Period>(() => presetPeriod('month'))
  const { searchText, setSearchText, search: q } = useSearchText()
  const [typeStatus, setTypeStatus] = useState<Omit<EntryFilters, 'q'>>({ tipo: 'todos', status: 'todos' })
  const filters: EntryFilters = { ...typeStatus, q }
  const [editing, setEditing] = useState<FinancialEntryDto | null | undefined>(undefined)
  const [paying, setPaying] = useState<FinancialEntryDto | null>(null)
  const [pixEntry, setPixEntry] = useState<FinancialEntryDto | null>(null)
  const [proposalsOpen, setProposalsOpen] = useState(false)
  const { exporting, run: runExport } = useExport(t('toast.exportError'))
  const remove = useDeleteEntry()
  const restore = useRestoreEntry()

  const actions: EntryActions = {
    onPay: setPaying,
    onEdit: setEditing,
    onPix: setPixEntry,
    onRemove: (entry) =>
      removeWithUndo({
        remove: () => remove.mutateAsync(entry.id),
        restore: () => restore.mutateAsync(entry.id),
        description: entry.descricao,
        t: (key) => t(key),
      }),
    onReceipt: (entry) => {
      downloadReceipt(entry.id).catch((error: Error) =>
        toast.error(t('toast.receiptError'), { description: error.message }),
      )
    },
  }

  const exportCsv = () => void runExport(() => downloadEntriesCsv(filters))

  const quickActions = [
    {
      key: 'proposal',
      icon: FileSignature,
      title: t('quick.proposalTitle'),
      description: t('quick.proposalDescription'),
      action: t('quick.proposalAction'),
      onClick: () => setProposalsOpen(true),
    },
    {
      key: 'charge',
      icon: QrCode,
      title: t('quick.chargeTitle'),
      description: t('quick.chargeDescription'),
      action: t('quick.chargeAction'),
      onClick: () => {
        setTypeStatus({ tipo: 'receita', status: 'pendente' })
        document.getElementById('financial-list-title')?.scrollIntoView({ behavior: 'smooth' })
      },
    },
    {
      key: 'reports',
      icon: BarChart3,
      title: t('quick.reportsTitle'),
      description: t('quick.reportsDescription'),
      action: t('quick.reportsAction'),
      onClick: () => void navigate(paths.dashboard.reports),
    },
  ]

  return (
    <div className="grid gap-6">
      <ListPageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        exportLabel={t('export')}
        exportingLabel={t('exporting')}
        exporting={exporting}
        onExport={exportCsv}
        newLabel={t('new')}
        onNew={() => setEditing(null)}
      />
      <PeriodSelector period={period} onChange={setPeriod} />
      <FinancialCards period={period} />

      <section aria-labelledby="financial-quick-title" className="grid gap-3">
        <h2 id="financial-quick-title" className="sr-only">
          {t('quick.title')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {quickActions.map(({ key, icon: Icon, title, description, action, onClick }) => (
            <Card key={key} className="gap-3">
              <CardHeader>
                <CardTitle>
                  <h3 className="flex items-center gap-2 text-base font-semibold">
                    <Icon aria-hidden className="size-4 text-primary" />
                    {title}
                  </h3>
                </CardTitle>
                <CardDescription>{description}</CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant="outline" className="w-full" onClick={onClick}>
                  {action}
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <Suspense fallback={<Skeleton className="h-80 w-full" />}>
        <FinancialChart />
      </Suspense>

      <EntriesSection
        filters={filters}
        searchText={searchText}
        onSearchText={setSearchText}
        onFiltersChange={({ tipo, status }) => setTypeStatus({ tipo, status })}
        actions={actions}
      />

      <EntryDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        entry={editing ?? null}
      />
      <PayDialog entry={paying} onOpenChange={(open) => !open && setPaying(null)} />
      {pixEntry && (
        <PixChargeDialog
          entryId={pixEntry.id}
          open={pixEntry !== null}
          onOpenChange={(open) => !open && setPixEntry(null)}
        />
      )}
      <ProposalsDialog open={proposalsOpen} onOpenChange={setProposalsOpen} />
    </div>
  )
}
