import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowRight, Monitor, Smartphone, Tablet } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { formatCount, formatPercent, shareOf } from './analytics-format'
import type { AnalyticsOverview, DeviceClass } from './platform-analytics.schema'

// The lists of /admin/analytics: each a card with a loading skeleton and an empty state.

type Data = { data: AnalyticsOverview | undefined }

function Section(props: {
  id: string
  title: string
  description?: string
  loading: boolean
  empty: string | false
  children: ReactNode
}) {
  return (
    <Card data-testid={`analytics-${props.id}`}>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{props.title}</h2>
        </CardTitle>
        {props.description && <CardDescription>{props.description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {props.loading ? (
          <div className="flex flex-col gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : props.empty ? (
          <EmptyState title={props.empty} className="py-6" />
        ) : (
          props.children
        )}
      </CardContent>
    </Card>
  )
}

/** A labelled share bar: the text carries the numbers, the bar only draws them. */
function ShareRow(props: { label: ReactNode; detail: string; share: number; icon?: ReactNode }) {
  return (
    <li className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex min-w-0 items-center gap-2">
          {props.icon}
          <span className="truncate">{props.label}</span>
        </span>
        <span className="shrink-0 text-muted-foreground tabular-nums">
          {props.detail} · {formatPercent(props.share)}
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div
          className="h-full rounded-full bg-primary"
          style={{ width: `${Math.round(props.share * 100)}%` }}
        />
      </div>
    </li>
  )
}

function PagePattern({ pattern }: { pattern: string }) {
  const { t } = useTranslation('platform-analytics')
  if (pattern === '(outra)') return <span className="italic">{t('pages.other')}</span>
  return <code className="font-mono text-xs break-all">{pattern}</code>
}

export function TopPages({ data }: Data) {
  const { t } = useTranslation('platform-analytics')
  return (
    <Section
      id="pages"
      title={t('pages.title')}
      loading={!data}
      empty={data?.topPages.length === 0 && t('pages.empty')}
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-2 font-medium">
              {t('pages.page')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              {t('pages.views')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('pages.share')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.topPages.map((page) => (
            <tr key={page.pattern} className="border-b last:border-0" data-testid="analytics-page-row">
              <td className="py-2 pr-2">
                <PagePattern pattern={page.pattern} />
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{formatCount(page.views)}</td>
              <td className="py-2 text-right text-muted-foreground tabular-nums">
                {formatPercent(shareOf(page.views, data.pageViews))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  )
}

export function TopFlows({ data }: Data) {
  const { t } = useTranslation('platform-analytics')
  return (
    <Section
      id="flows"
      title={t('flows.title')}
      description={t('flows.description')}
      loading={!data}
      empty={data?.topFlows.length === 0 && t('flows.empty')}
    >
      <ol className="flex flex-col divide-y">
        {data?.topFlows.map((flow) => (
          <li
            key={`${flow.from} ${flow.to}`}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            data-testid="analytics-flow-row"
          >
            <span className="flex min-w-0 flex-wrap items-center gap-1">
              <PagePattern pattern={flow.from} />
              <ArrowRight aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
              <span className="sr-only">{t('flows.to')}</span>
              <PagePattern pattern={flow.to} />
            </span>
            <span className="text-muted-foreground tabular-nums">
              {t('flows.count', { count: flow.count, formatted: formatCount(flow.count) })}
            </span>
          </li>
        ))}
      </ol>
    </Section>
  )
}

const DEVICE_ICONS: Record<DeviceClass, typeof Monitor> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
}

export function DeviceShares({ data }: Data) {
  const { t } = useTranslation('platform-analytics')
  const total = data?.devices.reduce((sum, d) => sum + d.visits, 0) ?? 0
  return (
    <Section
      id="devices"
      title={t('devices.title')}
      loading={!data}
      empty={total === 0 && t('devices.empty')}
    >
      <ul className="flex flex-col gap-3">
        {data?.devices.map(({ device, visits }) => {
          const Icon = DEVICE_ICONS[device]
          return (
            <ShareRow
              key={device}
              icon={<Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
              label={t(`devices.${device}`)}
              detail={t('devices.visits', { count: visits, formatted: formatCount(visits) })}
              share={shareOf(visits, total)}
            />
          )
        })}
      </ul>
    </Section>
  )
}

export function TopLocations({ data }: Data) {
  const { t } = useTranslation('platform-analytics')
  const total = data?.locations.reduce((sum, l) => sum + l.profiles, 0) ?? 0
  return (
    <Section
      id="locations"
      title={t('locations.title')}
      description={t('locations.description')}
      loading={!data}
      empty={data?.locations.length === 0 && t('locations.empty')}
    >
      <ul className="flex flex-col gap-3">
        {data?.locations.map((location) => (
          <ShareRow
            key={location.uf}
            label={`${location.nome} (${location.uf})`}
            detail={t('locations.profiles', {
              count: location.profiles,
              formatted: formatCount(location.profiles),
            })}
            share={shareOf(location.profiles, total)}
          />
        ))}
      </ul>
    </Section>
  )
}
