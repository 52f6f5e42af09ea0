import { BarChart3, ChevronDown, Clock, FileDown, GitBranch, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { useSession } from '../auth/auth.public'
import { AreaReportView } from './area-report'
import { useDownload } from './export-button'
import { HoursReportView } from './hours-report'
import { PeriodFilter, usePeriod } from './period-filter'
import { PipelineReportView } from './pipeline-report'
import { REPORT_KINDS, type ReportKind } from './reports.schema'
import { exportUrl } from './use-reports'

const ICONS: Record<ReportKind, LucideIcon> = { area: BarChart3, horas: Clock, pipeline: GitBranch }

const isKind = (value: string | null): value is ReportKind =>
  value !== null && (REPORT_KINDS as readonly string[]).includes(value)

/** /dashboard/reports — the spec's three report cards, each opening its report below; 'Exportar Relatórios'. */
export function ReportsPage() {
  const { t } = useTranslation('reports')
  const session = useSession()
  const [params, setParams] = useSearchParams()
  const selected = params.get('relatorio')
  const kind = isKind(selected) ? selected : null
  const periodState = usePeriod()
  const { period, valid } = periodState
  const exportAll = useDownload()
  const associado = session.data?.office?.nivelAcesso === 'associado'

  function open(next: ReportKind) {
    setParams({ relatorio: next }, { replace: true })
    // After React rendered the report: bring it into view and move focus there for keyboard users.
    requestAnimationFrame(() => {
      const target = document.getElementById('relatorio-titulo')
      target?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      target?.querySelector('h2')?.focus()
    })
  }

  const allName = (extension: string) => `relatorio-todos-${period.from}-a-${period.to}.${extension}`

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button disabled={!valid || exportAll.busy}>
              <FileDown aria-hidden />
              {exportAll.busy ? t('export.busy') : t('exportAll')}
              <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem
              onSelect={() => void exportAll.download(exportUrl('export.pdf', period), allName('pdf'))}
            >
              {t('export.allPdf')}
            </DropdownMenuItem>
            <DropdownMenuItem
              onSelect={() => void exportAll.download(exportUrl('export.zip', period), allName('zip'))}
            >
              {t('export.allZip')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </header>

      <PeriodFilter id="relatorios" state={periodState} />
      {associado && <p className="text-sm text-muted-foreground">{t('limitado')}</p>}

      <section aria-label={t('cardsLabel')} className="grid gap-4 md:grid-cols-3">
        {REPORT_KINDS.map((key) => {
          const Icon = ICONS[key]
          return (
            <Card key={key} className={key === kind ? 'border-primary' : undefined}>
              <CardHeader>
                <div className="flex items-center gap-2">
                  <Icon aria-hidden className="size-5 text-primary" />
                  <CardTitle>
                    <h2 className="text-base">{t(`cards.${key}.title`)}</h2>
                  </CardTitle>
                </div>
                <CardDescription>{t(`cards.${key}.description`)}</CardDescription>
              </CardHeader>
              <CardContent className="text-sm text-muted-foreground">{t(`cards.${key}.detail`)}</CardContent>
              <CardFooter className="mt-auto">
                <Button
                  variant={key === kind ? 'default' : 'outline'}
                  className="w-full"
                  aria-pressed={key === kind}
                  aria-label={`${t('verRelatorio')}: ${t(`cards.${key}.title`)}`}
                  onClick={() => open(key)}
                >
                  {t('verRelatorio')}
                </Button>
              </CardFooter>
            </Card>
          )
        })}
      </section>

      {kind === 'area' && <AreaReportView period={period} enabled={valid} />}
      {kind === 'horas' && <HoursReportView period={period} enabled={valid} />}
      {kind === 'pipeline' && <PipelineReportView period={period} enabled={valid} />}
    </div>
  )
}
