import { useQuery } from '@tanstack/react-query'
import { MessageSquare } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { paths } from '../../lib/paths'
import { getUnreadMessagesQueryOptions } from './use-portal-messages'

const numberFormat = new Intl.NumberFormat('pt-BR')

/**
 * The dashboard home's 'Mensagens não lidas' (issue 26): the clients' messages no member opened yet, as the
 * member may see them; a link to the CRM, where each client's record holds the thread. Shows nothing for a
 * member the server refuses.
 */
export function UnreadMessagesCard({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation('portal-messages')
  const count = useQuery({ ...getUnreadMessagesQueryOptions(), enabled })
  if (!enabled || count.data === null || count.isError) return null
  return (
    <Link
      to={paths.dashboard.crm}
      aria-label={`${t('unread.title')}: ${count.data ?? '…'} — ${t('unread.open')}`}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      data-testid="unread-messages-counter"
    >
      <Card className="h-full gap-2 py-4 transition-colors group-hover:bg-accent">
        <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
          <CardDescription>{t('unread.title')}</CardDescription>
          <MessageSquare aria-hidden className="size-4 text-muted-foreground" />
        </CardHeader>
        <CardContent className="px-4 text-2xl font-bold tabular-nums">
          {count.data === undefined ? <Skeleton className="h-8 w-10" /> : numberFormat.format(count.data)}
        </CardContent>
      </Card>
    </Link>
  )
}
