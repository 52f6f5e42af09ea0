import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Ban, Send } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { useSession } from '../auth/auth.public'
import { accessLevel } from '../offices/offices.public'
import type { PortalAccessStatusDto } from './portal.schema'
import { usePortalAccessActions, usePortalOfficeAccess } from './use-portal'

/** '05/03 14:30' (day/month and time in São Paulo) from an instant. */
export function formatDayMonthTime(value: string): string {
  const full = formatDateTimeBR(value) // '05/03/2026 14:30'
  return full.replace(/^(\d{2}\/\d{2})\/\d{4} /, '$1 ')
}

/** The status line of the card: 'Convite enviado', 'Ativo — último acesso dd/mm hh:mm', 'Revogado'. */
export function portalAccessStatusText(
  access: PortalAccessStatusDto,
  t: (key: string, values?: Record<string, string>) => string,
): string | null {
  switch (access.status) {
    case 'convidado':
      return t('access.status.convidado')
    case 'ativo':
      return access.lastAccessAt
        ? t('access.status.ativoLastAccess', { when: formatDayMonthTime(access.lastAccessAt) })
        : t('access.status.ativo')
    case 'revogado':
      return t('access.status.revogado')
    default:
      return null
  }
}

/**
 * 'Acesso ao Portal' on the client's record (issue 26, office side): the client's portal status, and for the
 * levels that may invite (sócio, associado) 'Convidar' / 'Reenviar' / 'Revogar'. Others see the status only.
 */
export function PortalAccessCard({
  client,
}: {
  client: { id: string; nomeCompleto: string; email: string | null }
}) {
  const { t } = useTranslation('portal')
  const nivel = useSession().data?.office?.nivelAcesso
  const mayInvite = nivel !== undefined && accessLevel(nivel, 'portal.invite') === 'full'
  const access = usePortalOfficeAccess(client.id)

  return (
    <section
      aria-labelledby="portal-access-title"
      className="flex flex-col gap-2 rounded-lg border p-3 text-sm"
      data-testid="portal-access-card"
    >
      <h3 id="portal-access-title" className="font-medium">
        {t('access.title')}
      </h3>
      {access.isPending ? (
        <Skeleton className="h-5 w-48" aria-label={t('access.loading')} />
      ) : access.isError ? (
        <p role="alert" className="text-destructive">
          {access.error.message}
        </p>
      ) : (
        <AccessBody access={access.data} client={client} mayInvite={mayInvite} />
      )}
    </section>
  )
}

function AccessBody({
  access,
  client,
  mayInvite,
}: {
  access: PortalAccessStatusDto
  client: { id: string; nomeCompleto: string; email: string | null }
  mayInvite: boolean
}) {
  const { t } = useTranslation('portal')
  const { invite, revoke } = usePortalAccessActions(client.id)
  const [confirming, setConfirming] = useState(false)
  const status = portalAccessStatusText(access, t)
  const noEmail = !client.email
  const canInviteNow = access.status === 'nenhum' || access.status === 'revogado'

  function sendInvite(resend: boolean) {
    invite.mutate(undefined, {
      onSuccess: (result) =>
        toast.success(resend ? t('access.resent') : t('access.invited'), {
          description: result.email ? t('access.sentTo', { email: result.email }) : undefined,
        }),
      onError: (error) => toast.error(t('access.inviteError'), { description: error.message }),
    })
  }

  function confirmRevoke() {
    revoke.mutate(undefined, {
      onSuccess: () => toast.success(t('access.revoked')),
      onError: (error) => toast.error(t('access.revokeError'), { description: error.message }),
    })
  }

  return (
    <div className="flex flex-col gap-2">
      {status ? (
        <p className="flex flex-wrap items-center gap-2" data-testid="portal-access-status">
          <Badge
            variant={
              access.status === 'ativo' ? 'success' : access.status === 'revogado' ? 'outline' : 'secondary'
            }
          >
            {status}
          </Badge>
          {access.status === 'convidado' && access.expiresAt && (
            <span className="text-xs text-muted-foreground">
              {t('access.expires', { date: formatDateBR(access.expiresAt) })}
            </span>
          )}
        </p>
      ) : (
        <p className="text-muted-foreground">{t('access.none')}</p>
      )}
      {mayInvite && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {canInviteNow && (
            <Button
              type="button"
              variant="outline"
              disabled={noEmail || invite.isPending}
              aria-describedby={noEmail ? 'portal-access-no-email' : undefined}
              onClick={() => sendInvite(false)}
            >
              {invite.isPending ? <Spinner label={t('access.sending')} /> : <Send aria-hidden />}
              {t('access.invite')}
            </Button>
          )}
          {access.status === 'convidado' && (
            <Button
              type="button"
              variant="outline"
              disabled={invite.isPending}
              onClick={() => sendInvite(true)}
            >
              {invite.isPending ? <Spinner label={t('access.sending')} /> : <Send aria-hidden />}
              {t('access.resend')}
            </Button>
          )}
          {(access.status === 'convidado' || access.status === 'ativo') && (
            <Button
              type="button"
              variant="outline"
              className="border-destructive/60 text-destructive hover:bg-destructive/10 dark:text-red-300"
              disabled={revoke.isPending}
              onClick={() => setConfirming(true)}
            >
              {revoke.isPending ? <Spinner label={t('access.revoking')} /> : <Ban aria-hidden />}
              {t('access.revoke')}
            </Button>
          )}
        </div>
      )}
      {mayInvite && canInviteNow && noEmail && (
        <p id="portal-access-no-email" className="text-xs text-muted-foreground">
          {t('access.noEmail')}
        </p>
      )}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('access.revokeTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('access.revokeDescription', { name: client.nomeCompleto })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('access.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={confirmRevoke}
            >
              {t('access.revokeConfirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  )
}
