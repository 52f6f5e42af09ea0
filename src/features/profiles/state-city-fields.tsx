import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Combobox } from '../../components/ui/combobox'
import { FormField } from '../../components/ui/form-field'
import type { ProfileDto } from '../auth/auth.public'
import { CidadeCombobox } from '../reference/reference.public'
import type { ProfileFormValues } from './profile-form-values'
import { getCidadesQueryOptions, getEstadosQueryOptions } from './use-profile'

/** State then city (spec §2/§4): the city waits for a state, and a new state clears the city. */
export function StateCityFields() {
  const { t } = useTranslation('profile')
  const { control, setValue } = useFormContext<ProfileFormValues>()
  const estadoId = useWatch({ control, name: 'estadoId' })
  const estados = useQuery(getEstadosQueryOptions())
  const estadoOptions = useMemo(
    () => (estados.data ?? []).map((estado) => ({ value: String(estado.id), label: estado.nome })),
    [estados.data],
  )
  return (
    <>
      <Controller
        control={control}
        name="estadoId"
        render={({ field, fieldState }) => (
          <FormField label={t('fields.estado')} htmlFor="profile-estadoId" error={fieldState.error?.message}>
            <Combobox
              id="profile-estadoId"
              options={estadoOptions}
              value={field.value}
              onValueChange={(value) => {
                if (value !== field.value) setValue('cidadeId', '', { shouldDirty: true })
                field.onChange(value)
              }}
              onBlur={field.onBlur}
              placeholder={t('placeholders.estado')}
              searchPlaceholder={t('placeholders.search')}
              emptyText={t('placeholders.noResults')}
            />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="cidadeId"
        render={({ field, fieldState }) => (
          <FormField label={t('fields.cidade')} htmlFor="profile-cidadeId" error={fieldState.error?.message}>
            <CidadeCombobox
              id="profile-cidadeId"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              estadoId={estadoId}
              texts={{
                noState: t('placeholders.cidadeDisabled'),
                loading: t('placeholders.cidadeLoading'),
                placeholder: t('placeholders.cidade'),
                search: t('placeholders.search'),
                empty: t('placeholders.noResults'),
              }}
            />
          </FormField>
        )}
      />
    </>
  )
}

/** Names of the stored state and city, for view mode. */
export function usePlaceNames(profile: ProfileDto) {
  const estados = useQuery(getEstadosQueryOptions())
  const cidades = useQuery(getCidadesQueryOptions(profile.estadoId))
  const estado = estados.data?.find((item) => item.id === profile.estadoId)
  const cidade = cidades.data?.find((item) => item.id === profile.cidadeId)
  return { estado: estado ? `${estado.nome} (${estado.sigla})` : null, cidade: cidade?.nome ?? null }
}
