import { Controller, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog'
import { MaskedInput } from '../../components/form/masked-input'
import { SelectFormField } from '../../components/form/select-form-field'
import { useAppForm } from '../../components/form/use-app-form'
import { Checkbox } from '../../components/ui/checkbox'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import { maskPhoneInput } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'
import { reportSaveError } from '../../lib/form-save-error'
import { NIVEIS_ACESSO } from '../offices/offices.public'
import {
  EMPTY_MEMBER_VALUES,
  memberBody,
  memberFormValues,
  memberResolver,
  type MemberFormValues,
} from './member-form-values'
import type { TeamMember } from './team.schema'
import { useSaveMember } from './use-team'

const createResolver = memberResolver(true)
const updateResolver = memberResolver(false)

/**
 * 'Novo Membro' (member null) and 'Editar' / 'Gerenciar' (a member of the list: the list row carries the
 * whole record, so nothing is loaded first).
 */
export function MemberFormDialog({
  open,
  member,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean
  member: TeamMember | null
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('team')
  const isEdit = member !== null
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={isEdit ? t('form.editTitle') : t('form.createTitle')}
      description={isEdit ? t('form.editDescription') : t('form.createDescription')}
      loading={false}
      loadingLabel=""
      loadError={null}
      loadErrorTitle=""
    >
      <MemberForm key={member?.id ?? 'new'} member={member} onDone={() => onOpenChange(false)} />
    </FormDialog>
  )
}

function MemberForm({ member, onDone }: { member: TeamMember | null; onDone: () => void }) {
  const { t } = useTranslation('team')
  const save = useSaveMember()
  const isCreate = member === null
  const form = useAppForm<MemberFormValues>({
    resolver: isCreate ? createResolver : updateResolver,
    defaultValues: member ? memberFormValues(member) : EMPTY_MEMBER_VALUES,
  })
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form
  const ativo = useWatch({ control, name: 'ativo' })
  // An invitation only makes sense for someone without an account yet; editing never sends one.
  const showInvite = isCreate

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync({ id: member?.id ?? null, data: memberBody(values, isCreate) })
      toast.success(
        isCreate ? (result.convite ? t('toast.createdInvited') : t('toast.created')) : t('toast.updated'),
      )
      onDone()
    } catch (error) {
      reportSaveError(error, {
        values: EMPTY_MEMBER_VALUES,
        setError,
        title: t('toast.saveError'),
        invalidDescription: t('toast.saveErrorDescription'),
      })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('form.nomeCompleto')}
          htmlFor="member-nome"
          error={errors.nomeCompleto?.message}
          className="sm:col-span-2"
        >
          <Input
            id="member-nome"
            autoComplete="off"
            maxLength={200}
            aria-required
            {...register('nomeCompleto')}
          />
        </FormField>

        <FormField label={t('form.email')} htmlFor="member-email" error={errors.email?.message}>
          <Input id="member-email" type="email" autoComplete="off" maxLength={254} {...register('email')} />
        </FormField>

        <FormField label={t('form.telefone')} htmlFor="member-telefone" error={errors.telefone?.message}>
          <MaskedInput
            control={control}
            name="telefone"
            mask={maskPhoneInput}
            id="member-telefone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('form.telefonePlaceholder')}
          />
        </FormField>

        <FormField label={t('form.cargo')} htmlFor="member-cargo" error={errors.cargo?.message}>
          <Input
            id="member-cargo"
            autoComplete="off"
            maxLength={100}
            placeholder={t('form.cargoPlaceholder')}
            {...register('cargo')}
          />
        </FormField>

        <SelectFormField
          control={control}
          name="nivelAcesso"
          id="member-nivel"
          label={t('form.nivelAcesso')}
          error={errors.nivelAcesso?.message}
          options={NIVEIS_ACESSO.map((nivel) => ({ value: nivel, label: t(`nivel.${nivel}`) }))}
        />

        <FormField
          label={t('form.oabNumero')}
          htmlFor="member-oab"
          error={errors.oabNumero?.message}
          description={t('form.oabNumeroHint')}
        >
          <Input
            id="member-oab"
            autoComplete="off"
            inputMode="numeric"
            maxLength={12}
            {...register('oabNumero')}
          />
        </FormField>

        <SelectFormField
          control={control}
          name="oabUf"
          id="member-oab-uf"
          label={t('form.oabUf')}
          error={errors.oabUf?.message}
          placeholder={t('form.oabUfPlaceholder')}
          contentClassName="max-h-60"
          options={UFS.map((uf) => ({ value: uf, label: uf }))}
        />

        <FormField
          label={t('form.dataAdmissao')}
          htmlFor="member-admissao"
          error={errors.dataAdmissao?.message}
        >
          <Input id="member-admissao" type="date" min="1900-01-01" {...register('dataAdmissao')} />
        </FormField>

        <FormField
          label={t('form.especialidades')}
          htmlFor="member-especialidades"
          error={errors.especialidades?.message}
          description={t('form.especialidadesHint')}
        >
          <Input id="member-especialidades" autoComplete="off" {...register('especialidades')} />
        </FormField>

        <FormField
          label={t('form.valorHora')}
          htmlFor="member-valor-hora"
          error={errors.valorHora?.message}
          description={t('form.valorHoraHint')}
        >
          <Input
            id="member-valor-hora"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            {...register('valorHora')}
          />
        </FormField>

        <FormField
          label={t('form.observacoes')}
          htmlFor="member-observacoes"
          error={errors.observacoes?.message}
          className="sm:col-span-2"
        >
          <Textarea id="member-observacoes" rows={3} maxLength={2000} {...register('observacoes')} />
        </FormField>

        <CheckboxField control={control} name="ativo" id="member-ativo" label={t('form.ativo')} />
        {showInvite && ativo && (
          <CheckboxField
            control={control}
            name="convidar"
            id="member-convidar"
            label={t('form.convidar')}
            description={t('form.convidarHint')}
          />
        )}
      </div>

      <FormDialogActions
        onCancel={onDone}
        cancelLabel={t('form.cancel')}
        submitLabel={isCreate ? t('form.create') : t('form.save')}
        submittingLabel={t('form.saving')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}

function CheckboxField({
  control,
  name,
  id,
  label,
  description,
}: {
  control: ReturnType<typeof useAppForm<MemberFormValues>>['control']
  name: 'ativo' | 'convidar'
  id: string
  label: string
  description?: string
}) {
  return (
    <div className="flex items-start gap-2 sm:col-span-2">
      <Controller
        control={control}
        name={name}
        // Both decide whether an e-mail is needed: a message under 'Email' follows them at once.
        rules={{ deps: ['email'] }}
        render={({ field }) => (
          <Checkbox
            id={id}
            className="mt-0.5"
            checked={field.value}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            aria-describedby={description ? `${id}-description` : undefined}
          />
        )}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        )}
      </div>
    </div>
  )
}
