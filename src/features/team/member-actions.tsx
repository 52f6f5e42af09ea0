import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
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
import type { TeamMember } from './team.schema'
import { useCancelInvitation, useDeactivateMember, useResendInvitation } from './use-team'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)

/** 'Reenviar convite' / 'Cancelar convite' on a row, with their toasts. */
export function useInvitationActions() {
  const { t } = useTranslation('team')
  const resend = useResendInvitation()
  const cancel = useCancelInvitation()
  return {
    resend: (member: TeamMember) =>
      resend.mutate(member.id, {
        onSuccess: () => toast.success(t('toast.inviteSent'), { description: member.email ?? undefined }),
        onError: (error) => toast.error(t('toast.inviteError'), { description: errorText(error) }),
      }),
    cancel: (member: TeamMember) =>
      cancel.mutate(member.id, {
        onSuccess: () => toast.success(t('toast.inviteCancelled'), { description: member.nomeCompleto }),
        onError: (error) => toast.error(t('toast.inviteError'), { description: errorText(error) }),
      }),
  }
}

/**
 * Deactivation asks first: the member loses access on their next request and leaves the list (their
 * history stays). The server refuses the last active sócio with its own message.
 */
export function DeactivateMemberDialog({
  member,
  onClose,
  onCloseAutoFocus,
}: {
  member: TeamMember | null
  onClose: () => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('team')
  const deactivate = useDeactivateMember()
  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('deactivate.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('deactivate.description', { nome: member?.nomeCompleto ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('deactivate.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            onClick={() => {
              if (!member) return
              deactivate.mutate(member.id, {
                onSuccess: () => toast.success(t('toast.deactivated'), { description: member.nomeCompleto }),
                onError: (error) =>
                  toast.error(t('toast.deactivateError'), { description: errorText(error) }),
              })
              onClose()
            }}
          >
            {t('deactivate.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
