import { useEffect, useRef } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { formatRecentSP, formatTimeSP } from './publication-time'
import { getCaptureStatusQueryOptions, invalidatePublications, useStartCapture } from './use-publications'

/**
 * 'Buscar agora' and the capture state: progress while a run goes on (read every 1.5 s), then
 * 'Última busca: hh:mm' or 'falhou — nova tentativa às hh:mm'. One run at a time per office (409 otherwise).
 */
export function CaptureBar() {
  const { t } = useTranslation('publications')
  const queryClient = useQueryClient()
  const status = useQuery(getCaptureStatusQueryOptions())
  const start = useStartCapture()
  const running = status.data?.running ?? null
  const last = status.data?.last ?? null

  // When a run this screen saw ends: new items are in, so the list and the cards are read again.
  const watchedRun = useRef<string | null>(null)
  useEffect(() => {
    if (running) {
      watchedRun.current = running.id
      return
    }
    if (watchedRun.current === null || !last || last.id !== watchedRun.current) return
    watchedRun.current = null
    void invalidatePublications(queryClient)
    if (last.status === 'failed')
      toast.error(t('capture.failedToast'), { description: last.error ?? undefined })
    else
      toast.success(t('capture.done'), { description: t('capture.doneDescription', { count: last.created }) })
  }, [running, last, queryClient, t])

  async function onStart() {
    try {
      const run = await start.mutateAsync()
      watchedRun.current = run.id
    } catch (error) {
      toast.error(t('capture.startError'), { description: (error as Error).message })
    }
  }

  const enabled = status.data?.enabled ?? true
  const busy = start.isPending || running !== null
  const percent = running && running.total > 0 ? Math.round((running.done / running.total) * 100) : null

  let line: string
  if (!enabled) line = t('capture.disabled')
  else if (running) line = t('capture.running', { done: running.done, total: running.total })
  else if (start.isPending) line = t('capture.starting')
  else if (last?.status === 'failed') {
    const when = last.finishedAt ?? last.startedAt
    const failed = status.data?.nextRetryAt
      ? t('capture.failed', { time: formatTimeSP(status.data.nextRetryAt) })
      : t('capture.failedNoRetry')
    line = `${t('capture.last', { time: formatRecentSP(when) })} — ${failed}`
  } else if (status.data?.lastSuccessAt)
    line = t('capture.last', { time: formatRecentSP(status.data.lastSuccessAt) })
  else line = status.isPending ? '' : t('capture.never')

  return (
    <div className="flex flex-col gap-2 sm:items-end" data-testid="capture-bar">
      <Button onClick={() => void onStart()} disabled={busy || !enabled || status.isPending}>
        <RefreshCw aria-hidden className={busy ? 'animate-spin motion-reduce:animate-none' : undefined} />
        {t('capture.now')}
      </Button>
      <p
        className={`min-h-5 text-sm ${last?.status === 'failed' && !running ? 'text-destructive' : 'text-muted-foreground'}`}
        role="status"
        data-testid="capture-status"
      >
        {line}
      </p>
      {running && (
        <div
          role="progressbar"
          aria-label={t('capture.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted sm:w-56"
        >
          <div
            className={`h-full bg-primary transition-[width] ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
            style={percent === null ? undefined : { width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  )
}
