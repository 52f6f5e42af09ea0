import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import type { ConnectionPerson } from './network.schema'
import { OabVerificationCard } from './oab-verification-card'
import { useConnectionAction, useConnectionLists } from './use-network'

type Action = Parameters<ReturnType<typeof useConnectionAction>['mutateAsync']>[0]

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('')

/**
 * The signed-in profile's 'networking' tab (issue 13): the OAB verification (lawyers), the user's
 * connections, and the requests received (accept / decline) and sent (cancel).
 */
export function NetworkingTab({ userType }: { userType: 'advogado' | 'estudante' | 'entidade' }) {
  const { t } = useTranslation('network')
  const lists = useConnectionLists(userType !== 'entidade')
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

  if (userType === 'entidade') return null
  const data = lists.data
  const busy = action.isPending

  return (
    <div className="flex flex-col gap-4" data-network="networking">
      {userType === 'advogado' && <OabVerificationCard />}
      {lists.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : lists.isError || !data ? (
        <p role="alert" className="text-sm text-destructive">
          {t('tab.loadError')}
        </p>
      ) : (
        <>
          <PeopleCard
            title={t('tab.receivedTitle')}
            empty={t('tab.receivedEmpty')}
            people={data.received}
            actions={(person) => (
              <>
                <Button
                  type="button"
                  size="sm"
                  disabled={busy}
                  onClick={() =>
                    void run(
                      { kind: 'respond', connectionId: person.connectionId, accept: true },
                      t('connections.accepted'),
                    )
                  }
                >
                  {t('connections.accept')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() =>
                    void run(
                      { kind: 'respond', connectionId: person.connectionId, accept: false },
                      t('connections.declined'),
                    )
                  }
                >
                  {t('connections.decline')}
                </Button>
              </>
            )}
          />
          <PeopleCard
            title={`${t('tab.connectionsTitle')} (${data.count})`}
            empty={t('tab.connectionsEmpty')}
            hint={t('tab.connectionsHint')}
            people={data.connections}
            actions={(person) => (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() =>
                  void run({ kind: 'remove', connectionId: person.connectionId }, t('connections.removed'))
                }
              >
                {t('connections.remove')}
              </Button>
            )}
          />
          <PeopleCard
            title={t('tab.sentTitle')}
            empty={t('tab.sentEmpty')}
            people={data.sent}
            actions={(person) => (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() =>
                  void run({ kind: 'remove', connectionId: person.connectionId }, t('connections.cancelled'))
                }
              >
                {t('connections.cancel')}
              </Button>
            )}
          />
        </>
      )}
    </div>
  )
}

function PeopleCard({
  title,
  empty,
  hint,
  people,
  actions,
}: {
  title: string
  empty: string
  hint?: string
  people: ConnectionPerson[]
  actions: (person: ConnectionPerson) => React.ReactNode
}) {
  const { t } = useTranslation('network')
  const headingId = useId()
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {people.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {empty}
            {hint && ` ${hint}`}
          </p>
        ) : (
          <ul className="grid gap-3">
            {people.map((person) => (
              <li key={person.connectionId} className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar className="size-9">
                    {person.avatarUrl && <AvatarImage src={person.avatarUrl} alt="" />}
                    <AvatarFallback aria-hidden>{initials(person.nomeCompleto)}</AvatarFallback>
                  </Avatar>
                  <div className="min-w-0">
                    <p className="truncate font-medium">{person.nomeCompleto}</p>
                    <p className="text-xs text-muted-foreground">
                      {t(`tab.types.${person.userType}`)} ·{' '}
                      {t('tab.since', { date: formatDateBR(person.since) })}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">{actions(person)}</div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
