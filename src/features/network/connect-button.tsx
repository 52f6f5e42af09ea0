import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CheckIcon, UserPlusIcon, UsersIcon } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { ApiRequestError } from '../../lib/api-client'
import { paths } from '../../lib/paths'
import { useSession } from '../auth/auth.public'
import { useConnectionAction, useConnectionStatus } from './use-network'

type Action = Parameters<ReturnType<typeof useConnectionAction>['mutateAsync']>[0]

/**
 * Connect with a lawyer or a student (issue 13): request, then the other side accepts or declines;
 * cancel one's own pending request; remove a connection. Renders nothing for oneself and where a
 * connection is not possible (entities).
 */
export function ConnectButton({ userId }: { userId: string }) {
  const { t } = useTranslation('network')
  const session = useSession()
  const status = useConnectionStatus(userId)
  const action = useConnectionAction()

  async function run(input: Action, done: string) {
    try {
      await action.mutateAsync(input)
      toast.success(done)
    } catch (failure) {
      toast.error(t('connections.error'), {
        description: failure instanceof ApiRequestError ? failure.message : undefined,
      })
    }
  }

  if (session.isPending || status.isPending || status.isError) return null
  if (!session.isSignedIn) {
    return (
      <Button asChild variant="outline">
        <Link to={paths.auth}>
          <UserPlusIcon aria-hidden />
          {t('connections.signIn')}
        </Link>
      </Button>
    )
  }
  const { state, connectionId } = status.data
  const busy = action.isPending
  if (state === 'self' || state === 'unavailable') return null
  if (state === 'none') {
    return (
      <Button
        type="button"
        disabled={busy}
        onClick={() => void run({ kind: 'request', userId }, t('connections.requested'))}
      >
        <UserPlusIcon aria-hidden />
        {t('connections.connect')}
      </Button>
    )
  }
  if (!connectionId) return null
  if (state === 'pendente_recebida') {
    return (
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={busy}
          onClick={() => void run({ kind: 'respond', connectionId, accept: true }, t('connections.accepted'))}
        >
          <CheckIcon aria-hidden />
          {t('connections.accept')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() =>
            void run({ kind: 'respond', connectionId, accept: false }, t('connections.declined'))
          }
        >
          {t('connections.decline')}
        </Button>
      </div>
    )
  }
  if (state === 'pendente_enviada') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground" role="status">
          {t('connections.pending')}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => void run({ kind: 'remove', connectionId }, t('connections.cancelled'))}
        >
          {t('connections.cancel')}
        </Button>
      </div>
    )
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="inline-flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
        <CheckIcon aria-hidden className="size-4" />
        {t('connections.connected')}
      </span>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={busy}
        onClick={() => void run({ kind: 'remove', connectionId }, t('connections.removed'))}
      >
        {t('connections.remove')}
      </Button>
    </div>
  )
}

/** "N conexões" of a user (accepted connections), for the public profile. */
export function ConnectionCount({ userId, className }: { userId: string; className?: string }) {
  const { t } = useTranslation('network')
  const status = useConnectionStatus(userId)
  if (!status.data) return null
  return (
    <span className={className ?? 'inline-flex items-center gap-1 text-sm text-muted-foreground'}>
      <UsersIcon aria-hidden className="size-4" />
      {t('connections.count', { count: status.data.count })}
    </span>
  )
}
