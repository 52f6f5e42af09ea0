import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Download, FileBarChart, FilePlus2, Trash2 } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import {
  REPORT_FORMATS,
  REPORT_KINDS,
  REPORT_PERIODS,
  type ReportFormat,
  type ReportKind,
  type ReportPeriod,
} from './platform-reports.constants'
import { monthInput } from './month-input'
import type { PlatformReportItem, ReportPeriodQuery } from './platform-reports.schema'
import {
  reportDownloadUrl,
  useDeleteReport,
  useGenerateReport,
  useRecentReports,
} from './use-platform-reports'

const STATUS_VARIANT = { concluido: 'default', processando: 'secondary', erro: 'destructive' } as const

/** "Relatórios recentes": generate (in the background), watch 'Processando' turn 'Concluído', download, delete. */
export function RecentReports({ period }: { period: ReportPeriodQuery }) {
  const { t } = useTranslation('adminReports')
  const list = useRecentReports()
  const [open, setOpen] = useState(false)
  const items = list.data?.items
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <FileBarChart className="size-5" aria-hidden />
            {t('recent.title')}
          </h2>
        </CardTitle>
        <Button onClick={() => setOpen(true)}>
          <FilePlus2 aria-hidden />
          {t('recent.generate')}
        </Button>
      </CardHeader>
      <CardContent>
        {list.error ? (
          <p className="text-destructive text-sm" role="alert">
            {t('loadError')} — {t('tryLater')}
          </p>
        ) : !items ? (
          <Skeleton className="h-24 w-full" />
        ) : items.length === 0 ? (
          <EmptyState icon={<FileBarChart />} title={t('recent.empty')} description={t('recent.emptyHint')} />
        ) : (
          <ReportsTable items={items} />
        )}
      </CardContent>
      {open && <GenerateDialog period={period} onClose={() => setOpen(false)} />}
    </Card>
  )
}

function ReportsTable({ items }: { items: PlatformReportItem[] }) {
  const { t } = useTranslation('adminReports')
  const remove = useDeleteReport()
  const name = (item: PlatformReportItem) => `${t(`kind.${item.kind}`)} (${t(`format.${item.format}`)})`
  const onDelete = (item: PlatformReportItem) =>
    remove.mutate(item.id, {
      onSuccess: () => toast.success(t('recent.deleted')),
      onError: (error) => toast.error(t('recent.deleteError'), { description: error.message }),
    })
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('recent.kind')}</TableHead>
          <TableHead>{t('recent.periodCol')}</TableHead>
          <TableHead>{t('recent.date')}</TableHead>
          <TableHead>{t('recent.status')}</TableHead>
          <TableHead className="text-right">{t('recent.actions')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-testid="report-row">
            <TableCell className="font-medium whitespace-nowrap">{name(item)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {formatDateBR(item.periodFrom)} – {formatDateBR(item.periodTo)}
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTimeBR(item.createdAt)}</TableCell>
            <TableCell>
              <Badge variant={STATUS_VARIANT[item.status]} title={item.error ?? undefined}>
                {t(`status.${item.status}`)}
              </Badge>
              {item.error && <p className="text-destructive mt-1 max-w-56 text-xs">{item.error}</p>}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              {item.status === 'concluido' && (
                <Button
                  asChild
                  variant="ghost"
                  size="icon"
                  aria-label={t('recent.download', { nome: name(item) })}
                >
                  <a href={reportDownloadUrl(item.id)} download>
                    <Download aria-hidden />
                  </a>
                </Button>
              )}
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('recent.delete', { nome: name(item) })}
                disabled={remove.isPending}
                onClick={() => onDelete(item)}
              >
                <Trash2 aria-hidden />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function GenerateDialog({ period, onClose }: { period: ReportPeriodQuery; onClose: () => void }) {
  const { t } = useTranslation('adminReports')
  const generate = useGenerateReport()
  const [tipo, setTipo] = useState<ReportKind>('usuarios')
  const [formato, setFormato] = useState<ReportFormat>('csv')
  const [periodo, setPeriodo] = useState<ReportPeriod>(period.periodo)
  const [de, setDe] = useState(period.de ?? monthInput(2))
  const [ate, setAte] = useState(period.ate ?? monthInput())
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    generate.mutate(
      { tipo, formato, periodo, ...(periodo === 'custom' ? { de, ate } : {}) },
      {
        onSuccess: () => {
          toast.success(t('recent.started'), { description: t('recent.startedDescription') })
          onClose()
        },
        onError: (error) => toast.error(t('recent.generateError'), { description: error.message }),
      },
    )
  }
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('dialog.title')}</DialogTitle>
            <DialogDescription>{t('dialog.description')}</DialogDescription>
          </DialogHeader>
          <Choice
            id="report-kind"
            label={t('dialog.kind')}
            value={tipo}
            options={REPORT_KINDS.map((k) => [k, t(`kind.${k}`)])}
            onChange={(v) => setTipo(v as ReportKind)}
          />
          <Choice
            id="report-format"
            label={t('dialog.format')}
            value={formato}
            options={REPORT_FORMATS.map((f) => [f, t(`format.${f}`)])}
            onChange={(v) => setFormato(v as ReportFormat)}
          />
          <Choice
            id="report-period"
            label={t('dialog.period')}
            value={periodo}
            options={REPORT_PERIODS.map((p) => [p, t(`period.${p}`)])}
            onChange={(v) => setPeriodo(v as ReportPeriod)}
          />
          {periodo === 'custom' && (
            <div className="grid grid-cols-2 gap-3">
              <div className="space-y-1">
                <Label htmlFor="report-from">{t('period.from')}</Label>
                <Input id="report-from" type="month" value={de} onChange={(e) => setDe(e.target.value)} />
              </div>
              <div className="space-y-1">
                <Label htmlFor="report-to">{t('period.to')}</Label>
                <Input id="report-to" type="month" value={ate} onChange={(e) => setAte(e.target.value)} />
              </div>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={generate.isPending}>
              {t('dialog.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  value: string
  options: [string, string][]
  onChange: (value: string) => void
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([key, text]) => (
            <SelectItem key={key} value={key}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
