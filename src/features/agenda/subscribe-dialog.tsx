import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CalendarSync, Copy, ExternalLink, RefreshCw, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateBR } from '../../lib/br/dates'
import type { FeedCreated } from './agenda.schema'
import { getFeedQueryOptions, useCreateFeed, useRevokeFeed } from './use-agenda'

/**
 * 'Assinar no Google Agenda / Outlook': the user's secret iCalendar URL. The server keeps only its hash,
 * so the URL shows once, right after it is generated; generating again replaces it (the old one stops).
 */
export function SubscribeDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('agenda')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('feed.title')}</DialogTitle>
          <DialogDescription>{t('feed.description')}</DialogDescription>
        </DialogHeader>
        {open && <Feed />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('feed.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function Feed() {
  const { t } = useTranslation('agenda')
  const status = useQuery(getFeedQueryOptions())
  const create = useCreateFeed()
  const revoke = useRevokeFeed()
  const [created, setCreated] = useState<FeedCreated | null>(null)
  const working = create.isPending || revoke.isPending

  function onCreate() {
    create.mutate(undefined, {
      onSuccess: (feed) => {
        setCreated(feed)
        toast.success(t('toast.feedCreated'))
      },
      onError: (error) => toast.error(t('toast.feedError'), { description: error.message }),
    })
  }
  function onRevoke() {
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null)
        toast.success(t('toast.feedRevoked'))
      },
      onError: (error) => toast.error(t('toast.feedError'), { description: error.message }),
    })
  }
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(t('toast.copied'))
    } catch {
      toast.error(t('toast.copyError'))
    }
  }

  const exists = created !== null || status.data?.exists === true
  return (
    <div className="grid gap-4">
      {status.isPending ? (
        <Skeleton className="h-10 w-full" aria-label={t('feed.loading')} />
      ) : created ? (
        <div className="grid gap-2">
          <Label htmlFor="feed-url">{t('feed.url')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="feed-url"
              readOnly
              value={created.url}
              className="font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
              aria-describedby="feed-url-once"
            />
            <Button variant="outline" onClick={() => void copy(created.url)}>
              <Copy aria-hidden />
              {t('feed.copy')}
            </Button>
          </div>
          <p id="feed-url-once" className="text-sm font-medium" role="status">
            {t('feed.shownOnce')}
          </p>
          <a
            href={created.webcalUrl}
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden className="size-4" />
            {t('feed.copyWebcal')}
          </a>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {status.data?.exists
            ? t('feed.exists', { date: formatDateBR(status.data.createdAt) })
            : t('feed.none')}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button onClick={onCreate} disabled={working || status.isPending}>
          {exists ? <RefreshCw aria-hidden /> : <CalendarSync aria-hidden />}
          {create.isPending ? t('feed.working') : exists ? t('feed.regenerate') : t('feed.create')}
        </Button>
        {exists && (
          <Button
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={onRevoke}
            disabled={working}
          >
            <Trash2 aria-hidden />
            {t('feed.revoke')}
          </Button>
        )}
      </div>

      <section aria-labelledby="feed-howto" className="grid gap-2 rounded-lg border bg-muted/30 p-4 text-sm">
        <h3 id="feed-howto" className="font-semibold">
          {t('feed.howTo')}
        </h3>
        <ul className="grid list-disc gap-1.5 pl-5">
          <li>{t('feed.google')}</li>
          <li>{t('feed.outlook')}</li>
          <li>{t('feed.apple')}</li>
        </ul>
        <p className="text-muted-foreground">{t('feed.refreshNote')}</p>
      </section>
    </div>
  )
}
