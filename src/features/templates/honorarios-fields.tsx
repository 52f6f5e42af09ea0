import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SelectFormField } from '../../components/form/select-form-field'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { HONORARIOS_TYPES } from './templates.schema'
import type { GenerateFormValues } from './generate-form'

/**
 * The honorários of a contract (modalidade fixo, parcelado or êxito, with its amount, installments or
 * percentage) or of a receipt (the amount). They belong to this document only: no record keeps them.
 */
export function HonorariosFields({
  form,
  which,
}: {
  form: UseFormReturn<GenerateFormValues>
  which: 'contrato' | 'recibo'
}) {
  const { t } = useTranslation('templates')
  const {
    control,
    register,
    formState: { errors },
  } = form
  const tipo = useWatch({ control, name: 'tipo' })
  const isContract = which === 'contrato'
  const showValor = !isContract || tipo !== 'exito'

  return (
    <fieldset className="grid gap-4 rounded-md border p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{t('generate.honorarios')}</legend>
      {isContract && (
        <SelectFormField
          control={control}
          name="tipo"
          id="generate-honorarios-tipo"
          label={t('generate.modalidade')}
          error={errors.tipo?.message}
          options={HONORARIOS_TYPES.map((value) => ({ value, label: t(`generate.modalidades.${value}`) }))}
        />
      )}
      {showValor && (
        <FormField
          label={t('generate.valor')}
          htmlFor="generate-honorarios-valor"
          error={errors.valor?.message}
          description={t('generate.valorHint')}
        >
          <Input
            id="generate-honorarios-valor"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            {...register('valor')}
          />
        </FormField>
      )}
      {isContract && tipo === 'parcelado' && (
        <FormField
          label={t('generate.parcelas')}
          htmlFor="generate-honorarios-parcelas"
          error={errors.parcelas?.message}
        >
          <Input
            id="generate-honorarios-parcelas"
            inputMode="numeric"
            autoComplete="off"
            placeholder="10"
            {...register('parcelas')}
          />
        </FormField>
      )}
      {isContract && tipo === 'exito' && (
        <FormField
          label={t('generate.percentual')}
          htmlFor="generate-honorarios-percentual"
          error={errors.percentual?.message}
          description={t('generate.percentualHint')}
        >
          <Input
            id="generate-honorarios-percentual"
            inputMode="decimal"
            autoComplete="off"
            placeholder="20"
            {...register('percentual')}
          />
        </FormField>
      )}
    </fieldset>
  )
}
