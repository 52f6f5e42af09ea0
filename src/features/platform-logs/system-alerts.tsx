import { useTranslation } from 'react-i18next'
import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateTimeBR } from '../../lib/br/dates'
import { alertText } from './event-text'
import type { LogsSummary } from './platform-logs.schema'

/** The monitor's alerts: open ones first (red/amber), then the latest resolved ones. */
export function SystemAlerts({ summary }: { summary: LogsSummary | undefined }) {
  const { t } = useTranslation('platform-logs')
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('alerts.title')}</h2>
        </CardTitle>
        <CardDescription>
          {t('alerts.description')}{' '}
          {summary &&
            (summary.lastCheckAt
              ? t('alerts.lastCheck', { when: formatDateTimeBR(summary.lastCheckAt) })
              : t('alerts.neverChecked'))}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!summary ? (
          <Skeleton className="h-16 w-full" />
        ) : summary.alerts.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 aria-hidden className="size-4 text-success-strong" />
            {t('alerts.none')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('alerts.title')}>
            {summary.alerts.map((alert) => {
              const open = alert.status === 'aberto'
              return (
                <li
                  key={alert.id}
                  data-testid={`alert-${alert.check}`}
                  className="flex flex-col gap-1 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex items-start gap-2">
                    <AlertTriangle
                      aria-hidden
                      className={
                        open
                          ? alert.severity === 'erro'
                            ? 'mt-0.5 size-4 shrink-0 text-destructive'
                            : 'mt-0.5 size-4 shrink-0 text-warning'
                          : 'mt-0.5 size-4 shrink-0 text-muted-foreground'
                      }
                    />
                    <div>
                      <p className="text-sm font-medium">{alertText(t, alert)}</p>
                      <p className="text-xs text-muted-foreground">
                        {open
                          ? t('alerts.since', { when: formatDateTimeBR(alert.openedAt) })
                          : t('alerts.resolvedAt', { when: formatDateTimeBR(alert.resolvedAt) })}
                      </p>
                    </div>
                  </div>
                  <Badge variant={open ? 'destructive' : 'success'} className="w-fit">
                    {open ? t('alerts.open') : t('alerts.resolved')}
                  </Badge>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
