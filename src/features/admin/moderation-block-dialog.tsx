import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Ban, LockOpen } from 'lucide-react'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import type { AdminProfileItem } from './admin.schema'
import { blockUserSchema } from './admin-moderation.schema'
import { UnavailableAction } from './admin-shared'
import { useBlockUser } from './use-admin-moderation'

export interface BlockTarget {
  userId: string
  name: string
  /** true: the dialog unblocks; false: it blocks (asking for the reason). */
  blocked: boolean
}

/** Confirmation of a block (with its reason) or an unblock, with the toasts of the outcome. */
export function BlockUserDialog({ target, onClose }: { target: BlockTarget | null; onClose: () => void }) {
  const { t } = useTranslation('admin-moderation')
  const mutation = useBlockUser()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setReason('')
    setError(null)
  }, [target])

  const submit = () => {
    if (!target) return
    if (!target.blocked) {
      const parsed = blockUserSchema.safeParse({ reason })
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? t('block.reasonRequired'))
        return
      }
    }
    mutation.mutate(
      { userId: target.userId, block: !target.blocked, reason: reason.trim() },
      {
        onSuccess: (result) => {
          if (target.blocked) toast.success(t('block.unblocked'), { description: target.name })
          else
            toast.success(t('block.blocked'), {
              description: t('block.blockedDescription', { count: result.sessionsEnded }),
            })
          onClose()
        },
        onError: (failure) =>
          toast.error(target.blocked ? t('block.unblockError') : t('block.error'), {
            description: failure.message,
          }),
      },
    )
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {target.blocked
                ? t('block.unblockTitle', { name: target.name })
                : t('block.title', { name: target.name })}
            </DialogTitle>
            <DialogDescription>{target.blocked ? t('block.unblockText') : t('block.text')}</DialogDescription>
          </DialogHeader>
          {!target.blocked && (
            <div className="grid gap-2">
              <Label htmlFor="block-reason">{t('block.reasonLabel')}</Label>
              <Textarea
                id="block-reason"
                value={reason}
                maxLength={500}
                placeholder={t('block.reasonPlaceholder')}
                aria-invalid={error !== null}
                aria-describedby={error ? 'block-reason-error' : undefined}
                onChange={(event) => {
                  setReason(event.target.value)
                  setError(null)
                }}
              />
              {error && (
                <p id="block-reason-error" role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              variant={target.blocked ? 'default' : 'destructive'}
              disabled={mutation.isPending}
              onClick={submit}
            >
              {target.blocked ? t('block.unblockAction') : t('block.action')}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  )
}

/** Block or unblock (never oneself nor the master account: the server refuses those too). */
export function BlockAction({
  item,
  isSelf,
  onClick,
}: {
  item: AdminProfileItem
  isSelf: boolean
  onClick: () => void
}) {
  const { t } = useTranslation('admin-moderation')
  const label = item.blocked ? t('block.unblockAction') : t('block.action')
  if (!item.blocked && (isSelf || item.isMaster))
    return (
      <UnavailableAction label={label} reason={isSelf ? t('block.selfLocked') : t('block.masterLocked')}>
        <Ban aria-hidden />
      </UnavailableAction>
    )
  return (
    <Button size="sm" variant="outline" onClick={onClick} aria-label={`${label}: ${item.nomeCompleto}`}>
      {item.blocked ? <LockOpen aria-hidden /> : <Ban aria-hidden />}
      <span className="hidden lg:inline">{label}</span>
    </Button>
  )
}
