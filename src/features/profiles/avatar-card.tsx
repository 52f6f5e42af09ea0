import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CameraIcon, Trash2Icon } from 'lucide-react'
import { toast } from 'sonner'
import { Avatar, AvatarFallback, AvatarImage } from '../../components/ui/avatar'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { Spinner } from '../../components/ui/spinner'
import { ApiRequestError } from '../../lib/api-client'
import type { ProfileDto } from '../auth/auth.public'
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from './profiles.schema'
import { useRemoveAvatar, useUploadAvatar } from './use-profile'

function initials(name: string) {
  const parts = name.trim().split(/\s+/)
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase() || '?'
}

/** Photo, name and type, with upload and remove. The server re-checks everything the browser checks here. */
export function AvatarCard({ profile, email }: { profile: ProfileDto; email: string | undefined }) {
  const { t } = useTranslation('profile')
  const input = useRef<HTMLInputElement>(null)
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()
  const busy = upload.isPending || remove.isPending

  async function onFile(file: File | undefined) {
    if (input.current) input.current.value = '' // choosing the same file again must fire onChange
    if (!file) return
    // Comfort checks only (same messages as the server): the name and declared type can lie. An empty
    // type (extension unknown to the browser) is left to the server, which reads the content.
    if (file.type !== '' && !file.type.startsWith('image/')) {
      toast.error(t('toast.avatarUploadError'), { description: t('toast.avatarNotImage') })
      return
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(t('toast.avatarUploadError'), { description: t('toast.avatarTooLarge') })
      return
    }
    try {
      await upload.mutateAsync(file)
      toast.success(t('toast.avatarUpdated'))
    } catch (error) {
      // The server's 400/413/429 carry the spec's texts; anything else gets the generic one.
      const known = error instanceof ApiRequestError && [400, 413, 429].includes(error.status)
      toast.error(t('toast.avatarUploadError'), {
        description: known ? error.message : t('toast.avatarUploadFailed'),
      })
    }
  }

  async function onRemove() {
    try {
      await remove.mutateAsync()
      toast.success(t('toast.avatarRemoved'))
    } catch {
      toast.error(t('toast.avatarRemoveError'), { description: t('toast.avatarRemoveFailed') })
    }
  }

  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
        <Avatar className="size-24 text-2xl">
          {profile.avatarUrl && (
            <AvatarImage src={profile.avatarUrl} alt={t('avatar.alt', { name: profile.nomeCompleto })} />
          )}
          <AvatarFallback className="text-2xl" aria-hidden>
            {initials(profile.nomeCompleto)}
          </AvatarFallback>
        </Avatar>
        <div className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center sm:items-start sm:text-left">
          <p className="text-lg font-semibold break-words">{profile.nomeCompleto}</p>
          {email && <p className="text-sm break-all text-muted-foreground">{email}</p>}
          <Badge variant="secondary">{t(`userTypes.${profile.userType}`)}</Badge>
          <p className="text-xs text-muted-foreground" id="avatar-hint">
            {t('avatar.hint')}
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept={AVATAR_MIME_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('avatar.inputLabel')}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            aria-describedby="avatar-hint"
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? <Spinner label={t('avatar.uploading')} /> : <CameraIcon aria-hidden />}
            {upload.isPending ? t('avatar.uploading') : t('avatar.change')}
          </Button>
          {profile.avatarUrl && (
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void onRemove()}>
              {remove.isPending ? <Spinner label={t('avatar.removing')} /> : <Trash2Icon aria-hidden />}
              {t('avatar.remove')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
