import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ArrowLeft } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { MessageThread } from './message-thread'
import type { PortalCaseDetail } from './portal.data.schema'
import { usePortalOffice } from './portal-layout'
import {
  DocumentList,
  EmptyLine,
  EventList,
  PortalLoadError,
  PortalPageSpinner,
  PortalSection,
} from './portal-parts'
import { usePortalCase } from './use-portal'

/**
 * /portal/casos/:id (issue 26): one of the client's cases — status, area, court, the documents and events the
 * office shared, the movements (newest first) and the messages about this case.
 */
export function PortalCasePage() {
  const { officeId } = usePortalOffice()
  const { id = '' } = useParams()
  const detail = usePortalCase(officeId, id)

  return (
    <div className="grid gap-4">
      <BackLink />
      {detail.isPending ? (
        <PortalPageSpinner />
      ) : detail.isError ? (
        <PortalLoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <CaseContent officeId={officeId} detail={detail.data} />
      )}
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation('portal')
  return (
    <Link
      to={paths.portal.root}
      className="inline-flex w-fit items-center gap-1 rounded-md text-sm text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t('case.back')}
    </Link>
  )
}

function CaseContent({ officeId, detail }: { officeId: string; detail: PortalCaseDetail }) {
  const { t } = useTranslation('portal')
  const court = [detail.tribunal, detail.vara].filter(Boolean).join(' · ')
  return (
    <>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold break-words">{detail.titulo}</h1>
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{detail.statusLabel}</Badge>
        </p>
      </div>
      <PortalSection id="portal-case-info" title={t('case.info')}>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t('case.numberLabel')}</dt>
          <dd className={detail.numeroProcesso ? 'font-mono break-all' : undefined}>
            {detail.numeroProcesso ?? t('case.noNumber')}
          </dd>
          <dt className="text-muted-foreground">{t('case.status')}</dt>
          <dd>{detail.statusLabel}</dd>
          <dt className="text-muted-foreground">{t('case.area')}</dt>
          <dd>{detail.areaLabel}</dd>
          <dt className="text-muted-foreground">{t('case.court')}</dt>
          <dd className="break-words">{court || t('case.noCourt')}</dd>
          <dt className="text-muted-foreground">{t('case.since')}</dt>
          <dd>{formatDateBR(detail.dataInicio)}</dd>
        </dl>
      </PortalSection>
      <PortalSection id="portal-case-documents" title={t('home.documents')}>
        <DocumentList officeId={officeId} documents={detail.documents} empty={t('home.documentsEmpty')} />
      </PortalSection>
      <PortalSection id="portal-case-events" title={t('case.events')}>
        <EventList events={detail.events} empty={t('case.eventsEmpty')} />
      </PortalSection>
      <PortalSection id="portal-case-movements" title={t('case.movements')}>
        {detail.movements.length === 0 ? (
          <EmptyLine text={t('case.movementsEmpty')} />
        ) : (
          <ol className="grid gap-2">
            {detail.movements.map((movement, index) => (
              <li
                key={`${movement.data}-${index}`}
                className="grid gap-0.5 border-l-2 border-primary/40 pl-3 text-sm"
              >
                <time dateTime={movement.data} className="text-muted-foreground">
                  {formatDateBR(movement.data)}
                </time>
                <p className="break-words">{movement.texto}</p>
              </li>
            ))}
          </ol>
        )}
      </PortalSection>
      <PortalSection id="portal-case-messages" title={t('home.messages')}>
        <MessageThread side="cliente" officeId={officeId} caseId={detail.id} />
      </PortalSection>
    </>
  )
}
