import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, type Path, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { useAppForm } from '../../components/form/use-app-form'
import { Button } from '../../components/ui/button'
import { Combobox } from '../../components/ui/combobox'
import { FormField, formFieldIds } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { ApiRequestError } from '../../lib/api-client'
import { maskCnpjInput } from '../../lib/br/cnpj'
import { maskPhoneInput } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'
import { signUpSchema, TIPOS_ENTIDADE, USER_TYPES, type SignUpData, type UserType } from './auth.schema'
import { authErrorText, toastAuthError } from './auth-error-text'
import { SIGN_UP_REDIRECT_MS, signUpAccount, useCidades, useEnterApp, useEstados } from './use-auth'

/** Every field of every type, as the inputs hold them (selects as strings); the schema parses them. */
interface SignUpFormValues {
  userType: UserType
  email: string
  password: string
  confirmPassword: string
  nomeCompleto: string
  telefone: string
  estadoId: string
  cidadeId: string
  oabNumero: string
  oabEstado: string
  universidade: string
  periodoCurso: string
  nomeEntidade: string
  cnpj: string
  tipoEntidade: string
}

const EMPTY: SignUpFormValues = {
  userType: 'advogado',
  email: '',
  password: '',
  confirmPassword: '',
  nomeCompleto: '',
  telefone: '',
  estadoId: '',
  cidadeId: '',
  oabNumero: '',
  oabEstado: '',
  universidade: '',
  periodoCurso: '',
  nomeEntidade: '',
  cnpj: '',
  tipoEntidade: '',
}

const PERIODOS = Array.from({ length: 10 }, (_, index) => String(index + 1))
// The discriminated union parses the flat values (keys of the other types are stripped).
const resolver = zodResolver(signUpSchema) as unknown as Resolver<SignUpFormValues, unknown, SignUpData>

export function SignUpForm({ onConfirmationSent }: { onConfirmationSent: (email: string) => void }) {
  const { t } = useTranslation('auth')
  const enterApp = useEnterApp()
  const form = useAppForm<SignUpFormValues, unknown, SignUpData>({ resolver, defaultValues: EMPTY })
  const { errors, isSubmitting } = form.formState
  const userType = form.watch('userType')
  const estadoId = form.watch('estadoId')
  const estados = useEstados()
  const cidades = useCidades(estadoId ? Number(estadoId) : null)

  const onSubmit = form.handleSubmit(
    async (data) => {
      try {
        const result = await signUpAccount(data)
        toast.success(t('signUp.successTitle'), {
          description: t(
            result.emailConfirmationSent ? 'signUp.successConfirmEmail' : 'signUp.successWelcome',
          ),
        })
        if (result.emailConfirmationRequired) {
          onConfirmationSent(data.email)
          form.reset(EMPTY)
        } else {
          await enterApp({ delayMs: SIGN_UP_REDIRECT_MS, to: result.redirectTo })
        }
      } catch (error) {
        if (error instanceof ApiRequestError) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (field in EMPTY) form.setError(field as Path<SignUpFormValues>, { message })
          }
          if (error.code === 'duplicate_email') form.setError('email', { message: authErrorText(t, error) })
        }
        toastAuthError(t, t('signUp.errorTitle'), error)
      }
    },
    // Client-side check failed: the same title and the first message, as a toast (spec §8).
    (fieldErrors) => {
      const first = Object.values(fieldErrors).find((error) => error?.message)
      if (first?.message) toast.error(t('signUp.errorTitle'), { description: first.message })
    },
  )

  const fieldError = (name: keyof SignUpFormValues) => errors[name]?.message
  // Controls rendered through <Controller> aren't FormField's direct child: wire their error state by hand.
  const describe = (name: keyof SignUpFormValues, id: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': formFieldIds(id).errorId } : {}

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('signUp.formLabel')}>
      <FormField label={t('fields.userType')} htmlFor="signup-user-type" error={fieldError('userType')}>
        <Controller
          control={form.control}
          name="userType"
          render={({ field }) => (
            <Select value={field.value} onValueChange={(value) => field.onChange(value as UserType)}>
              <SelectTrigger
                id="signup-user-type"
                onBlur={field.onBlur}
                {...describe('userType', 'signup-user-type')}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {USER_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {t(`userTypes.${type}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>

      <FormField label={t('fields.nomeCompleto')} htmlFor="signup-name" error={fieldError('nomeCompleto')}>
        <Input id="signup-name" autoComplete="name" {...form.register('nomeCompleto')} />
      </FormField>
      <FormField label={t('fields.email')} htmlFor="signup-email" error={fieldError('email')}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('placeholders.email')}
          {...form.register('email')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.password')} htmlFor="signup-password" error={fieldError('password')}>
          <Input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
        </FormField>
        <FormField
          label={t('fields.confirmPassword')}
          htmlFor="signup-confirm-password"
          error={fieldError('confirmPassword')}
        >
          <Input
            id="signup-confirm-password"
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </FormField>
      </div>
      <FormField label={t('fields.telefone')} htmlFor="signup-phone" error={fieldError('telefone')}>
        <Controller
          control={form.control}
          name="telefone"
          render={({ field }) => (
            <Input
              id="signup-phone"
              {...describe('telefone', 'signup-phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(11) 98765-4321"
              value={field.value}
              onChange={(event) => field.onChange(maskPhoneInput(event.target.value))}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.estado')} htmlFor="signup-state" error={fieldError('estadoId')}>
          <Controller
            control={form.control}
            name="estadoId"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value)
                  // Spec §5: changing the state clears the city.
                  form.setValue('cidadeId', '')
                }}
              >
                <SelectTrigger
                  id="signup-state"
                  onBlur={field.onBlur}
                  disabled={estados.isPending}
                  {...describe('estadoId', 'signup-state')}
                >
                  <SelectValue
                    placeholder={estados.isError ? t('placeholders.loadError') : t('placeholders.estado')}
                  />
                </SelectTrigger>
                <SelectContent className="max-h-60">
                  {estados.data?.map((estado) => (
                    <SelectItem key={estado.id} value={String(estado.id)}>
                      {estado.nome}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField label={t('fields.cidade')} htmlFor="signup-city" error={fieldError('cidadeId')}>
          <Controller
            control={form.control}
            name="cidadeId"
            render={({ field }) => (
              <Combobox
                id="signup-city"
                {...describe('cidadeId', 'signup-city')}
                options={(cidades.data ?? []).map((cidade) => ({
                  value: String(cidade.id),
                  label: cidade.nome,
                }))}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                disabled={!estadoId || cidades.isPending}
                placeholder={
                  !estadoId
                    ? t('placeholders.estadoFirst')
                    : cidades.isPending
                      ? t('placeholders.cidadesLoading')
                      : t('placeholders.cidade')
                }
                searchPlaceholder={t('placeholders.cidadeSearch')}
                emptyText={t('placeholders.cidadeEmpty')}
                moreText={(shown, total) => t('placeholders.cidadeMore', { shown, total })}
              />
            )}
          />
        </FormField>
      </div>

      {userType === 'advogado' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('fields.oabNumero')}
            htmlFor="signup-oab-number"
            error={fieldError('oabNumero')}
          >
            <Input id="signup-oab-number" placeholder="123456" {...form.register('oabNumero')} />
          </FormField>
          <FormField label={t('fields.oabEstado')} htmlFor="signup-oab-state" error={fieldError('oabEstado')}>
            <Controller
              control={form.control}
              name="oabEstado"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="signup-oab-state"
                    onBlur={field.onBlur}
                    {...describe('oabEstado', 'signup-oab-state')}
                  >
                    <SelectValue placeholder={t('placeholders.uf')} />
                  </SelectTrigger>
                  <SelectContent className="max-h-60">
                    {UFS.map((uf) => (
                      <SelectItem key={uf} value={uf}>
                        {uf}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
        </div>
      )}

      {userType === 'estudante' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t('fields.universidade')}
            htmlFor="signup-university"
            error={fieldError('universidade')}
          >
            <Input id="signup-university" {...form.register('universidade')} />
          </FormField>
          <FormField
            label={t('fields.periodoCurso')}
            htmlFor="signup-period"
            error={fieldError('periodoCurso')}
          >
            <Controller
              control={form.control}
              name="periodoCurso"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger
                    id="signup-period"
                    onBlur={field.onBlur}
                    {...describe('periodoCurso', 'signup-period')}
                  >
                    <SelectValue placeholder={t('placeholders.periodo')} />
                  </SelectTrigger>
                  <SelectContent className="max-h-60">
                    {PERIODOS.map((periodo) => (
                      <SelectItem key={periodo} value={periodo}>
                        {t('periodo', { n: periodo })}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
        </div>
      )}

      {userType === 'entidade' && (
        <>
          <FormField
            label={t('fields.nomeEntidade')}
            htmlFor="signup-entity-name"
            error={fieldError('nomeEntidade')}
          >
            <Input id="signup-entity-name" autoComplete="organization" {...form.register('nomeEntidade')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('fields.cnpj')} htmlFor="signup-cnpj" error={fieldError('cnpj')}>
              <Controller
                control={form.control}
                name="cnpj"
                render={({ field }) => (
                  <Input
                    id="signup-cnpj"
                    {...describe('cnpj', 'signup-cnpj')}
                    placeholder="00.000.000/0000-00"
                    autoCapitalize="characters"
                    value={field.value}
                    onChange={(event) => field.onChange(maskCnpjInput(event.target.value))}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                  />
                )}
              />
            </FormField>
            <FormField
              label={t('fields.tipoEntidade')}
              htmlFor="signup-entity-type"
              error={fieldError('tipoEntidade')}
            >
              <Controller
                control={form.control}
                name="tipoEntidade"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger
                      id="signup-entity-type"
                      onBlur={field.onBlur}
                      {...describe('tipoEntidade', 'signup-entity-type')}
                    >
                      <SelectValue placeholder={t('placeholders.tipoEntidade')} />
                    </SelectTrigger>
                    <SelectContent>
                      {TIPOS_ENTIDADE.map((tipo) => (
                        <SelectItem key={tipo} value={tipo}>
                          {t(`tiposEntidade.${tipo}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>
        </>
      )}

      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? t('signUp.submitting') : t('signUp.submit')}
      </Button>
    </form>
  )
}
