import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { toast } from 'sonner'
import { CalendarDays, Download, FileText } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { formatSize } from '../documents/documents.public'
import { authPath } from '../auth/auth.public'
import type { PortalDocument, PortalEvent } from './portal.data.schema'
import { downloadPortalDocument } from './use-portal'

// Pieces the portal's home and case pages share: a titled section, the documents and events lists, and what
// a refused or failed load shows.

export function PortalSection({
  id,
  title,
  action,
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

export function EmptyLine({ text }: { text: string }) {
  return <p className="text-sm text-muted-foreground">{text}</p>
}

/** When an instant is shown: the day alone for an all-day event, day and time otherwise. */
export function eventWhen(event: Pick<PortalEvent, 'inicio' | 'diaInteiro'>): string {
  return event.diaInteiro ? formatDateBR(event.inicio) : formatDateTimeBR(event.inicio)
}

export function EventList({ events, empty }: { events: PortalEvent[]; empty: string }) {
  if (events.length === 0) return <EmptyLine text={empty} />
  return (
    <ul className="grid gap-2">
      {events.map((event) => (
        <li key={event.id} className="flex gap-3 rounded-md border p-3 text-sm">
          <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <div className="grid min-w-0 gap-0.5">
            <p className="font-medium break-words">{event.titulo}</p>
            <p className="text-muted-foreground">
              <span>{event.tipoLabel}</span> · <time dateTime={event.inicio}>{eventWhen(event)}</time>
            </p>
            {event.local && <p className="break-words text-muted-foreground">{event.local}</p>}
          </div>
        </li>
      ))}
    </ul>
  )
}

export function DocumentList({
  officeId,
  documents,
  empty,
}: {
  officeId: string
  documents: PortalDocument[]
  empty: string
}) {
  if (documents.length === 0) return <EmptyLine text={empty} />
  return (
    <ul className="grid gap-2" data-testid="portal-documents">
      {documents.map((document) => (
        <DocumentRow key={document.id} officeId={officeId} document={document} />
      ))}
    </ul>
  )
}

function DocumentRow({ officeId, document }: { officeId: string; document: PortalDocument }) {
  const { t } = useTranslation('portal')
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      await downloadPortalDocument(officeId, document.id, document.nome)
    } catch (error) {
      toast.error(t('documents.downloadError'), {
        description: error instanceof Error ? error.message : undefined,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
      <FileText aria-hidden className="size-4 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-all">{document.nome}</p>
        <p className="text-muted-foreground">
          {document.tipo} · {formatSize(document.size)} · {formatDateBR(document.createdAt)}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void download()}
        disabled={busy}
        aria-label={t('documents.downloadLabel', { name: document.nome })}
      >
        {busy ? <Spinner label={t('documents.downloading')} /> : <Download aria-hidden />}
        {t('documents.download')}
      </Button>
    </li>
  )
}

/**
 * A portal page's load failed: a lost session goes to sign in (and back), a refusal (revoked access) or
 * another error shows the server's message.
 */
export function PortalLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('portal')
  const location = useLocation()
  if (error instanceof ApiRequestError && error.status === 401) {
    return <Navigate to={authPath({ next: location.pathname })} replace />
  }
  const refused = error instanceof ApiRequestError && (error.status === 403 || error.status === 404)
  return (
    <div role="alert" className="grid justify-items-center gap-3 py-12 text-center">
      <p className="font-medium">{refused ? error.message : t('layout.errorTitle')}</p>
      {!refused && <p className="text-sm text-muted-foreground">{error.message}</p>}
      <Button onClick={onRetry}>{t('layout.retry')}</Button>
    </div>
  )
}

export function PortalPageSpinner() {
  const { t } = useTranslation('portal')
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
      <Spinner label={t('layout.loading')} />
      <span aria-hidden>{t('layout.loading')}</span>
    </div>
  )
}
