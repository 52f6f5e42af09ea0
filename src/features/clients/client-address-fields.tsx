import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useController, useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { MaskedInput } from '../../components/form/masked-input'
import { SelectFormField } from '../../components/form/select-form-field'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { maskCepInput } from '../../lib/br/cep'
import { CidadeCombobox, getEstadosQueryOptions } from '../reference/reference.public'
import type { ClientFormValues } from './client-form-values'
import { CLIENT_LIMITS } from './clients.schema'

/** Estado, cidade, endereço and CEP of the client form: the group that reads the reference lists. */
export function ClientAddressFields() {
  const { t } = useTranslation('clients')
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<ClientFormValues>()
  // The city picker is controlled; as FormField's direct child it gets its aria-invalid/aria-describedby wiring.
  const cidade = useController({ control, name: 'cidadeId' })
  const estadoId = useWatch({ control, name: 'estadoId' })
  const estados = useQuery(getEstadosQueryOptions())
  const estadoOptions = useMemo(
    () =>
      (estados.data ?? []).map((estado) => ({
        value: String(estado.id),
        label: `${estado.nome} (${estado.sigla})`,
      })),
    [estados.data],
  )

  return (
    <>
      <SelectFormField
        control={control}
        name="estadoId"
        id="client-estado"
        label={t('form.estado')}
        error={errors.estadoId?.message}
        options={estadoOptions}
        placeholder={t('form.estadoPlaceholder')}
        contentClassName="max-h-60"
        // A city belongs to one state: choosing another state clears it (spec §4).
        onValueChange={() => setValue('cidadeId', '')}
      />

      <FormField label={t('form.cidade')} htmlFor="client-cidade" error={errors.cidadeId?.message}>
        <CidadeCombobox
          id="client-cidade"
          name={cidade.field.name}
          value={cidade.field.value}
          onValueChange={cidade.field.onChange}
          onBlur={cidade.field.onBlur}
          estadoId={estadoId}
          texts={{
            noState: t('form.cidadeDisabled'),
            loading: t('form.cidadesLoading'),
            placeholder: t('form.cidadePlaceholder'),
            search: t('form.cidadeSearch'),
            empty: t('form.cidadeEmpty'),
            more: (shown, total) => t('form.cidadeMore', { shown, total }),
          }}
        />
      </FormField>

      <FormField
        label={t('form.endereco')}
        htmlFor="client-endereco"
        error={errors.endereco?.message}
        className="sm:col-span-2"
      >
        <Input
          id="client-endereco"
          autoComplete="off"
          maxLength={CLIENT_LIMITS.endereco}
          {...register('endereco')}
        />
      </FormField>

      <FormField label={t('form.cep')} htmlFor="client-cep" error={errors.cep?.message}>
        <MaskedInput
          control={control}
          name="cep"
          mask={maskCepInput}
          id="client-cep"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('form.cepPlaceholder')}
        />
      </FormField>
    </>
  )
}
