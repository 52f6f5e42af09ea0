import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { generatePath, Link } from 'react-router'
import { toast } from 'sonner'
import { ChevronRight, Download, FileSignature, Gavel } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { TwoFactorCard } from '../settings/settings.public'
import { MessageThread } from './message-thread'
import type { PortalCaseCard, PortalHome, PortalSignature } from './portal.data.schema'
import { ChargeList } from './portal-charges'
import { usePortalOffice } from './portal-layout'
import {
  DocumentList,
  EmptyLine,
  EventList,
  PortalLoadError,
  PortalPageSpinner,
  PortalSection,
} from './portal-parts'
import { downloadPortalExport, usePortalHome, usePortalTwoFactor } from './use-portal'

/**
 * /portal (issue 26): what the client follows at the open office — their cases, upcoming appointments, shared
 * documents, charges (Pix), pending signatures, messages, their data (LGPD) and optional two-factor.
 */
export function PortalHomePage() {
  const { officeId } = usePortalOffice()
  const home = usePortalHome(officeId)

  if (home.isPending) return <PortalPageSpinner />
  if (home.isError) return <PortalLoadError error={home.error} onRetry={() => void home.refetch()} />
  return <HomeContent officeId={officeId} home={home.data} />
}

function HomeContent({ officeId, home }: { officeId: string; home: PortalHome }) {
  const { t } = useTranslation('portal')
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('home.title', { name: home.client.nome })}</h1>
        <p className="text-sm text-muted-foreground">{t('home.subtitle', { office: home.office.nome })}</p>
      </div>
      <PortalSection id="portal-cases" title={t('home.cases')}>
        <CaseList cases={home.cases} />
      </PortalSection>
      <PortalSection id="portal-events" title={t('home.events')}>
        <EventList events={home.events} empty={t('home.eventsEmpty')} />
      </PortalSection>
      <PortalSection id="portal-documents" title={t('home.documents')}>
        <DocumentList officeId={officeId} documents={home.documents} empty={t('home.documentsEmpty')} />
      </PortalSection>
      <PortalSection id="portal-charges" title={t('home.charges')}>
        <ChargeList officeId={officeId} charges={home.charges} />
      </PortalSection>
      {home.signatures.length > 0 && (
        <PortalSection id="portal-signatures" title={t('home.signatures')}>
          <SignatureList signatures={home.signatures} />
        </PortalSection>
      )}
      <PortalSection id="portal-messages" title={t('home.messages')}>
        <MessageThread side="cliente" officeId={officeId} />
      </PortalSection>
      <PortalSection id="portal-data" title={t('home.myData')}>
        <MyData officeId={officeId} />
      </PortalSection>
      <PortalSection id="portal-security" title={t('home.security')}>
        <Security />
      </PortalSection>
    </div>
  )
}

function CaseList({ cases }: { cases: PortalCaseCard[] }) {
  const { t } = useTranslation('portal')
  if (cases.length === 0) return <EmptyLine text={t('home.casesEmpty')} />
  return (
    <ul className="grid gap-2" data-testid="portal-cases">
      {cases.map((item) => (
        <li key={item.id}>
          <Link
            to={generatePath(paths.portal.case, { id: item.id })}
            className="group flex items-start gap-3 rounded-md border p-3 text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <Gavel aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{item.titulo}</span>
                <Badge variant="secondary">{item.statusLabel}</Badge>
              </p>
              {item.numeroProcesso && (
                <p className="font-mono text-xs break-all text-muted-foreground">
                  {t('case.number', { number: item.numeroProcesso })}
                </p>
              )}
              <p className="text-muted-foreground">
                {item.nextHearing
                  ? t('home.nextHearing', { when: formatDateTimeBR(item.nextHearing.inicio) })
                  : t('home.noHearing')}
              </p>
              {item.lastMovement && (
                <p className="break-words text-muted-foreground">
                  {t('home.lastMovement', {
                    date: formatDateBR(item.lastMovement.data),
                    text: item.lastMovement.texto,
                  })}
                </p>
              )}
            </div>
            <ChevronRight aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ul>
  )
}

function SignatureList({ signatures }: { signatures: PortalSignature[] }) {
  const { t } = useTranslation('portal')
  return (
    <>
      <p className="text-sm text-muted-foreground">{t('home.signaturesHint')}</p>
      <ul className="grid gap-2">
        {signatures.map((signature) => (
          <li key={signature.requestId} className="flex gap-3 rounded-md border p-3 text-sm">
            <FileSignature aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <div className="grid min-w-0 gap-0.5">
              <p className="font-medium break-all">{signature.documentName}</p>
              <p className="text-muted-foreground">
                {t('home.signatureSent', { date: formatDateBR(signature.sentAt) })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}

/** 'Meus dados (LGPD)': the client's data at this office, as a JSON file. */
function MyData({ officeId }: { officeId: string }) {
  const { t } = useTranslation('portal')
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      await downloadPortalExport(officeId)
      toast.success(t('myData.done'))
    } catch (error) {
      toast.error(t('myData.error'), { description: error instanceof Error ? error.message : undefined })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="grid gap-3 text-sm">
      <p className="text-muted-foreground">{t('myData.description')}</p>
      <div>
        <Button type="button" variant="outline" onClick={() => void download()} disabled={busy}>
          {busy ? <Spinner label={t('myData.downloading')} /> : <Download aria-hidden />}
          {t('myData.download')}
        </Button>
      </div>
    </div>
  )
}

/** 'Segurança': the platform's own optional two-factor setup (features/settings). */
function Security() {
  const twoFactor = usePortalTwoFactor()
  if (twoFactor.isPending) return <Skeleton className="h-24 w-full" />
  return <TwoFactorCard enabled={twoFactor.data ?? false} />
}
