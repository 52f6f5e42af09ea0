import { useEffect, useState } from 'react'
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { formatPhone, maskPhoneInput } from '../../lib/br/phone'
import { PROFILE_TYPES, type AdminProfileItem, type ProfileType } from './admin.schema'
import { adminProfileEditSchema } from './admin-moderation.schema'
import { useEditProfile } from './use-admin-moderation'

type Errors = Partial<Record<'nomeCompleto' | 'telefone' | 'userType', string>>

/** The superadmin's fix of a profile: name, phone and a wrong user type (validated by the shared schema). */
export function ProfileEditDialog({ item, onClose }: { item: AdminProfileItem | null; onClose: () => void }) {
  const { t } = useTranslation('admin-moderation')
  const { t: tAdmin } = useTranslation('admin')
  const edit = useEditProfile()
  const [nomeCompleto, setNome] = useState('')
  const [telefone, setTelefone] = useState('')
  const [userType, setUserType] = useState<ProfileType>('advogado')
  const [errors, setErrors] = useState<Errors>({})

  useEffect(() => {
    if (!item) return
    setNome(item.nomeCompleto)
    setTelefone(item.telefone ? formatPhone(item.telefone) : '')
    setUserType(
      (PROFILE_TYPES as readonly string[]).includes(item.userType)
        ? (item.userType as ProfileType)
        : 'advogado',
    )
    setErrors({})
  }, [item])

  const save = () => {
    if (!item) return
    const parsed = adminProfileEditSchema.safeParse({ nomeCompleto, telefone, userType })
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message
      setErrors(next)
      return
    }
    edit.mutate(
      { profileId: item.id, data: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('edit.saved'))
          onClose()
        },
        onError: (error) =>
          toast.error(t('edit.error'), { description: error.message || t('edit.errorDescription') }),
      },
    )
  }

  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('edit.title')}</DialogTitle>
            <DialogDescription>{t('edit.description')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4">
            <Field id="edit-name" label={t('edit.name')} error={errors.nomeCompleto}>
              <Input
                id="edit-name"
                value={nomeCompleto}
                maxLength={120}
                aria-invalid={errors.nomeCompleto !== undefined}
                aria-describedby={errors.nomeCompleto ? 'edit-name-error' : undefined}
                onChange={(event) => setNome(event.target.value)}
              />
            </Field>
            <Field id="edit-phone" label={t('edit.phone')} error={errors.telefone}>
              <Input
                id="edit-phone"
                inputMode="tel"
                value={telefone}
                aria-invalid={errors.telefone !== undefined}
                aria-describedby={errors.telefone ? 'edit-phone-error' : undefined}
                onChange={(event) => setTelefone(maskPhoneInput(event.target.value))}
              />
            </Field>
            <Field id="edit-type" label={t('edit.type')} error={errors.userType}>
              <Select value={userType} onValueChange={(value) => setUserType(value as ProfileType)}>
                <SelectTrigger id="edit-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PROFILE_TYPES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {tAdmin(`types.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button disabled={edit.isPending} onClick={save}>
              {t('edit.save')}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  )
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error: string | undefined
  children: React.ReactNode
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
