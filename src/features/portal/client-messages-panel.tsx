import { MessageSquare } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { MessageThread } from './message-thread'

/** 'Mensagens' on the client's CRM record (issue 26): the office's thread with this client. */
export function ClientMessagesPanel({ client }: { client: { id: string; nomeCompleto: string } }) {
  const { t } = useTranslation('portal-messages')
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-3 rounded-lg border p-3">
      <h3 id={titleId} className="flex items-center gap-2 font-medium">
        <MessageSquare aria-hidden className="size-5 text-muted-foreground" />
        {t('title')}
        <span className="sr-only">— {t('threadLabel', { name: client.nomeCompleto })}</span>
      </h3>
      <MessageThread side="escritorio" clientId={client.id} />
    </section>
  )
}
