import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { CheckCheck, Check, FileText, MessageSquare } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateTimeBR } from '../../lib/br/dates'
import { cn } from '../../lib/utils'
import { formatSize } from '../documents/documents.public'
import { MessageComposer } from './message-composer'
import type { PortalMessage, PortalMessageAuthor, PortalThread } from './portal.messages.schema'
import {
  downloadMessageFile,
  getThreadQueryOptions,
  portalMessageKeys,
  type MessageTarget,
} from './use-portal-messages'

export interface MessageThreadProps {
  /** Whose screen this is: the office's ('escritorio', needs clientId) or the client's portal ('cliente', needs officeId). */
  side: PortalMessageAuthor
  /** The office (client side). */
  officeId?: string
  /** The client (office side). */
  clientId?: string
  /**
   * Fixes the thread to one case (a case's screen): only its messages, new ones about it, no selector. Without
   * it, a 'Processo' selector (when the client has cases) filters the thread and sets the case of new messages.
   */
  caseId?: string
}

const ALL = 'todos'

/** '2026-03-05T17:30:00Z' → '05/03 14:30' (São Paulo). */
function shortTime(iso: string): string {
  return formatDateTimeBR(iso).replace(/^(\d{2}\/\d{2})\/\d{4}/, '$1')
}

function targetOf({ side, officeId, clientId }: MessageThreadProps): MessageTarget | null {
  if (side === 'escritorio') return clientId ? { side, clientId } : null
  return officeId ? { side, officeId } : null
}

/**
 * The conversation between an office and one client (issue 26), the same on both sides: newest at the bottom,
 * each message with its author, time, attachments and — under one's own — 'Lida' or 'Enviada'; the composer
 * below. Opening it marks the other side's messages read.
 */
export function MessageThread(props: MessageThreadProps) {
  const { t } = useTranslation('portal-messages')
  const target = targetOf(props)
  const [chosenCase, setChosenCase] = useState<string>(ALL)
  const caseId = props.caseId ?? (chosenCase === ALL ? undefined : chosenCase)
  const thread = useQuery({
    ...getThreadQueryOptions(target ?? { side: 'cliente', officeId: '' }, caseId),
    enabled: target !== null,
  })
  const selectId = useId()
  // Opening the thread marked the client's messages read: the dashboard's counter is stale now.
  const queryClient = useQueryClient()
  const side = props.side
  useEffect(() => {
    if (side === 'escritorio' && thread.dataUpdatedAt > 0) {
      void queryClient.invalidateQueries({ queryKey: portalMessageKeys.unread() })
    }
  }, [side, thread.dataUpdatedAt, queryClient])

  if (!target) return null
  return (
    <div className="grid min-w-0 gap-3">
      {thread.data?.portalStatus && thread.data.portalStatus !== 'ativo' && (
        <p className="rounded-md border border-warning/40 bg-warning/10 p-2 text-sm">
          {t(`status.${thread.data.portalStatus}`)}
        </p>
      )}
      {props.caseId === undefined && thread.data && thread.data.cases.length > 0 && (
        <div className="grid gap-1.5 sm:max-w-sm">
          <Label htmlFor={selectId}>{t('case.label')}</Label>
          <Select value={chosenCase} onValueChange={setChosenCase}>
            <SelectTrigger id={selectId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('case.all')}</SelectItem>
              {thread.data.cases.map((item) => (
                <SelectItem key={item.id} value={item.id}>
                  {item.titulo}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      <ThreadBody thread={thread} target={target} showCase={caseId === undefined} />
      <MessageComposer target={target} caseId={caseId} />
    </div>
  )
}

function ThreadBody({
  thread,
  target,
  showCase,
}: {
  thread: UseQueryResult<PortalThread>
  target: MessageTarget
  showCase: boolean
}) {
  const { t } = useTranslation('portal-messages')
  const list = useRef<HTMLOListElement>(null)
  const items = thread.data?.items
  const lastId = items?.at(-1)?.id
  const caseTitles = useMemo(
    () => new Map((thread.data?.cases ?? []).map((item) => [item.id, item.titulo])),
    [thread.data?.cases],
  )

  // Newest at the bottom: follow it when a message arrives or is sent.
  useEffect(() => {
    const element = list.current
    if (element && lastId) element.scrollTop = element.scrollHeight
  }, [lastId])

  if (thread.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={t('loading')}>
        <Skeleton className="h-14 w-3/4" />
        <Skeleton className="ml-auto h-14 w-2/3" />
      </div>
    )
  }
  if (thread.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p className="text-destructive">
          {thread.error instanceof ApiRequestError ? thread.error.message : t('error')}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => void thread.refetch()}>
          {t('retry')}
        </Button>
      </div>
    )
  }
  if (thread.data.items.length === 0) {
    return (
      <EmptyState icon={<MessageSquare />} title={t('empty')} description={t(`emptyHint.${target.side}`)} />
    )
  }
  return (
    <ol
      ref={list}
      role="log"
      aria-live="polite"
      aria-label={t('title')}
      tabIndex={0}
      className="grid max-h-[60vh] gap-3 overflow-y-auto rounded-md border bg-muted/20 p-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-3"
    >
      {thread.data.items.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          own={message.author === target.side}
          target={target}
          caseTitle={
            showCase && message.caseId ? (caseTitles.get(message.caseId) ?? t('case.unknown')) : null
          }
        />
      ))}
    </ol>
  )
}

function MessageItem({
  message,
  own,
  target,
  caseTitle,
}: {
  message: PortalMessage
  own: boolean
  target: MessageTarget
  caseTitle: string | null
}) {
  const { t } = useTranslation('portal-messages')
  return (
    <li className={cn('flex min-w-0', own ? 'justify-end' : 'justify-start')}>
      <article
        className={cn(
          'grid max-w-[85%] min-w-0 gap-1 rounded-lg border px-3 py-2 text-sm shadow-xs sm:max-w-[75%]',
          own ? 'bg-primary/10' : 'bg-background',
        )}
      >
        <header className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">
            {message.authorName || t(`side.${message.author}`)}
          </span>
          <span>· {t(`side.${message.author}`)}</span>
          <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time>
        </header>
        {caseTitle && (
          <p className="text-xs text-muted-foreground">{t('case.about', { titulo: caseTitle })}</p>
        )}
        <p className="break-words whitespace-pre-wrap">{message.body}</p>
        {message.files.length > 0 && (
          <ul className="grid gap-1" aria-label={t('attachments')}>
            {message.files.map((file) => (
              <li key={file.id} className="min-w-0">
                <Button
                  type="button"
                  variant="link"
                  className="h-auto max-w-full justify-start p-0 text-left whitespace-normal"
                  aria-label={t('download', { name: file.fileName, size: formatSize(file.size) })}
                  onClick={() =>
                    downloadMessageFile(target, file).catch((reason: unknown) =>
                      toast.error(reason instanceof ApiRequestError ? reason.message : t('downloadError')),
                    )
                  }
                >
                  <FileText aria-hidden />
                  <span className="break-all">{file.fileName}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        {own && (
          <p className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
            {message.readAt ? (
              <>
                <CheckCheck aria-hidden className="size-3.5 text-primary" />
                <span title={t('readAt', { time: shortTime(message.readAt) })}>{t('read')}</span>
              </>
            ) : (
              <>
                <Check aria-hidden className="size-3.5" />
                <span>{t('sent')}</span>
              </>
            )}
          </p>
        )}
      </article>
    </li>
  )
}
