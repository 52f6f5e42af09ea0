import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { MaskedInput } from '../../components/form/masked-input'
import { SelectFormField } from '../../components/form/select-form-field'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { maskCpfInput } from '../../lib/br/cpf'
import type { ClientFormValues } from './client-form-values'
import { CLIENT_LIMITS, ESTADOS_CIVIS } from './clients.schema'

/** A Select item can't hold '': this one stands for 'not informed' and is turned back into ''. */
const NO_ESTADO_CIVIL = 'none'

/**
 * The qualification a procuração or contract needs (issue 25): nacionalidade, estado civil and RG for a
 * pessoa física; the representative (nome, CPF, cargo) for a pessoa jurídica.
 */
export function ClientQualificationFields() {
  const { t } = useTranslation('clients')
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<ClientFormValues>()
  const tipoPessoa = useWatch({ control, name: 'tipoPessoa' })

  if (tipoPessoa === 'juridica') {
    return (
      <>
        <FormField
          label={t('form.representanteNome')}
          htmlFor="client-representante-nome"
          error={errors.representanteNome?.message}
        >
          <Input
            id="client-representante-nome"
            autoComplete="off"
            maxLength={CLIENT_LIMITS.representanteNome}
            {...register('representanteNome')}
          />
        </FormField>
        <FormField
          label={t('form.representanteCpf')}
          htmlFor="client-representante-cpf"
          error={errors.representanteCpf?.message}
        >
          <MaskedInput
            control={control}
            name="representanteCpf"
            mask={maskCpfInput}
            id="client-representante-cpf"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('form.cpfPlaceholder')}
          />
        </FormField>
        <FormField
          label={t('form.representanteCargo')}
          htmlFor="client-representante-cargo"
          error={errors.representanteCargo?.message}
          description={t('form.representanteCargoHint')}
          className="sm:col-span-2"
        >
          <Input
            id="client-representante-cargo"
            autoComplete="off"
            maxLength={CLIENT_LIMITS.representanteCargo}
            {...register('representanteCargo')}
          />
        </FormField>
      </>
    )
  }

  return (
    <>
      <FormField
        label={t('form.nacionalidade')}
        htmlFor="client-nacionalidade"
        error={errors.nacionalidade?.message}
      >
        <Input
          id="client-nacionalidade"
          autoComplete="off"
          maxLength={CLIENT_LIMITS.nacionalidade}
          placeholder={t('form.nacionalidadePlaceholder')}
          {...register('nacionalidade')}
        />
      </FormField>
      <SelectFormField
        control={control}
        name="estadoCivil"
        id="client-estado-civil"
        label={t('form.estadoCivil')}
        placeholder={t('form.estadoCivilNone')}
        error={errors.estadoCivil?.message}
        options={[
          { value: NO_ESTADO_CIVIL, label: t('form.estadoCivilNone') },
          ...ESTADOS_CIVIS.map((value) => ({ value, label: t(`estadoCivil.${value}`) })),
        ]}
        onValueChange={(value) => {
          if (value === NO_ESTADO_CIVIL) setValue('estadoCivil', '', { shouldDirty: true })
        }}
      />
      <FormField label={t('form.rg')} htmlFor="client-rg" error={errors.rg?.message}>
        <Input id="client-rg" autoComplete="off" maxLength={CLIENT_LIMITS.rg} {...register('rg')} />
      </FormField>
      <FormField
        label={t('form.rgOrgaoEmissor')}
        htmlFor="client-rg-orgao"
        error={errors.rgOrgaoEmissor?.message}
      >
        <Input
          id="client-rg-orgao"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={CLIENT_LIMITS.rgOrgaoEmissor}
          placeholder={t('form.rgOrgaoEmissorPlaceholder')}
          {...register('rgOrgaoEmissor')}
        />
      </FormField>
    </>
  )
}
