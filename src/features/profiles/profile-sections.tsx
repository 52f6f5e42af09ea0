import { useMemo, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Combobox } from '../../components/ui/combobox'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Textarea } from '../../components/ui/textarea'
import { formatCnpj, maskCnpjInput } from '../../lib/br/cnpj'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { maskPhoneInput } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'
import { TIPOS_ENTIDADE } from '../auth/auth.public'
import type { ProfileDto } from '../auth/auth.public'
import type { ProfileFormValues } from './profile-form-values'
import { isHttpUrl } from './profiles.schema'
import { getCidadesQueryOptions, getEstadosQueryOptions } from './use-profile'

export type Mode = 'view' | 'edit'
type FieldName = keyof ProfileFormValues

/** A titled card holding one group of profile fields. */
export function Section({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/gi, '-')}`
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle>
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      </CardContent>
    </Card>
  )
}

/** One read-only value: a label and its text, or 'Não informado'. */
function ViewField({ label, value, wide }: { label: string; value: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('profile')
  const empty = value === null || value === undefined || value === ''
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={empty ? 'text-sm text-muted-foreground italic' : 'break-words whitespace-pre-line'}>
        {empty ? t('view.notInformed') : value}
      </dd>
    </div>
  )
}

/** The grid of a section in view mode is a description list. */
export function ViewList({ children }: { children: ReactNode }) {
  return <dl className="contents">{children}</dl>
}

function TextField({
  name,
  label,
  type = 'text',
  mask,
  wide,
  description,
  ...input
}: {
  name: FieldName
  label: string
  type?: string
  mask?: (value: string) => string
  wide?: boolean
  description?: string
} & Omit<React.ComponentProps<'input'>, 'name'>) {
  const { control } = useFormContext<ProfileFormValues>()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          htmlFor={`profile-${name}`}
          error={fieldState.error?.message}
          description={description}
          className={wide ? 'sm:col-span-2' : undefined}
        >
          <Input
            id={`profile-${name}`}
            type={type}
            {...input}
            {...field}
            onChange={(event) => field.onChange(mask ? mask(event.target.value) : event.target.value)}
          />
        </FormField>
      )}
    />
  )
}

function SelectField({
  name,
  label,
  placeholder,
  options,
}: {
  name: FieldName
  label: string
  placeholder: string
  options: { value: string; label: string }[]
}) {
  const { control } = useFormContext<ProfileFormValues>()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} htmlFor={`profile-${name}`} error={fieldState.error?.message}>
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={`profile-${name}`} className="w-full" onBlur={field.onBlur}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent className="max-h-60">
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      )}
    />
  )
}

/** State then city (spec §2/§4): the city waits for a state, and a new state clears the city. */
function StateCityFields() {
  const { t } = useTranslation('profile')
  const { control, setValue } = useFormContext<ProfileFormValues>()
  const estadoId = useWatch({ control, name: 'estadoId' })
  const estados = useQuery(getEstadosQueryOptions())
  const cidades = useQuery(getCidadesQueryOptions(estadoId ? Number(estadoId) : null))
  const estadoOptions = useMemo(
    () => (estados.data ?? []).map((estado) => ({ value: String(estado.id), label: estado.nome })),
    [estados.data],
  )
  const cidadeOptions = useMemo(
    () => (cidades.data ?? []).map((cidade) => ({ value: String(cidade.id), label: cidade.nome })),
    [cidades.data],
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
            <Combobox
              id="profile-cidadeId"
              options={cidadeOptions}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              disabled={!estadoId || cidades.isPending}
              placeholder={
                !estadoId
                  ? t('placeholders.cidadeDisabled')
                  : cidades.isPending
                    ? t('placeholders.cidadeLoading')
                    : t('placeholders.cidade')
              }
              searchPlaceholder={t('placeholders.search')}
              emptyText={t('placeholders.noResults')}
            />
          </FormField>
        )}
      />
    </>
  )
}

/** Names of the stored state and city, for view mode. */
function usePlaceNames(profile: ProfileDto) {
  const estados = useQuery(getEstadosQueryOptions())
  const cidades = useQuery(getCidadesQueryOptions(profile.estadoId))
  const estado = estados.data?.find((item) => item.id === profile.estadoId)
  const cidade = cidades.data?.find((item) => item.id === profile.cidadeId)
  return { estado: estado ? `${estado.nome} (${estado.sigla})` : null, cidade: cidade?.nome ?? null }
}

const feeRange = (profile: ProfileDto, t: ReturnType<typeof useTranslation<'profile'>>['t']) => {
  const min = profile.faixaHonorariosMin === null ? null : formatBRL(profile.faixaHonorariosMin)
  const max = profile.faixaHonorariosMax === null ? null : formatBRL(profile.faixaHonorariosMax)
  if (min && max) return t('view.feeRange', { min, max })
  if (min) return t('view.feeFrom', { min })
  if (max) return t('view.feeUpTo', { max })
  return null
}

function ExternalLink({ url }: { url: string | null }) {
  if (!url || !isHttpUrl(url)) return null
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-all text-primary underline-offset-4 hover:underline"
    >
      {url}
    </a>
  )
}

// --- the sections --------------------------------------------------------------------------------

export function PersonalSection({
  mode,
  profile,
  email,
}: {
  mode: Mode
  profile: ProfileDto
  email?: string
}) {
  const { t } = useTranslation('profile')
  const places = usePlaceNames(profile)
  return (
    <Section title={t('sections.personal')}>
      {mode === 'edit' ? (
        <>
          <TextField
            name="nomeCompleto"
            label={`${t('fields.nomeCompleto')} *`}
            autoComplete="name"
            maxLength={120}
          />
          <TextField
            name="telefone"
            label={t('fields.telefone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(11) 98765-4321"
            mask={maskPhoneInput}
          />
          <StateCityFields />
        </>
      ) : (
        <ViewList>
          <ViewField label={t('fields.nomeCompleto')} value={profile.nomeCompleto} />
          <ViewField label={t('fields.email')} value={email} />
          <ViewField label={t('fields.telefone')} value={profile.telefone} />
          <ViewField label={t('fields.estado')} value={places.estado} />
          <ViewField label={t('fields.cidade')} value={places.cidade} />
          <ViewField label={t('fields.memberSince')} value={formatDateBR(profile.createdAt)} />
        </ViewList>
      )}
    </Section>
  )
}

export function LawyerProfessionalSection({ mode, profile }: { mode: Mode; profile: ProfileDto }) {
  const { t } = useTranslation('profile')
  return (
    <Section title={t('sections.professional')}>
      {mode === 'edit' ? (
        <>
          <TextField name="oabNumero" label={t('fields.oabNumero')} maxLength={8} placeholder="123456" />
          <SelectField
            name="oabEstado"
            label={t('fields.oabEstado')}
            placeholder={t('placeholders.oabEstado')}
            options={UFS.map((uf) => ({ value: uf, label: uf }))}
          />
          <TextField
            name="anosExperiencia"
            label={t('fields.anosExperiencia')}
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            step={1}
            description={t('hints.anosExperiencia')}
          />
          <BioField />
        </>
      ) : (
        <ViewList>
          <ViewField
            label={t('fields.oab')}
            value={
              profile.oabNumero
                ? `${profile.oabNumero}${profile.oabEstado ? `/${profile.oabEstado}` : ''}`
                : null
            }
          />
          <ViewField
            label={t('fields.anosExperiencia')}
            value={
              profile.anosExperiencia === null ? null : t('view.years', { count: profile.anosExperiencia })
            }
          />
          <ViewField label={t('fields.bioProfissional')} value={profile.bioProfissional} wide />
        </ViewList>
      )}
    </Section>
  )
}

function BioField() {
  const { t } = useTranslation('profile')
  const { register, formState } = useFormContext<ProfileFormValues>()
  return (
    <FormField
      label={t('fields.bioProfissional')}
      htmlFor="profile-bioProfissional"
      error={formState.errors.bioProfissional?.message}
      description={t('hints.bio')}
      className="sm:col-span-2"
    >
      <Textarea id="profile-bioProfissional" rows={5} maxLength={2000} {...register('bioProfissional')} />
    </FormField>
  )
}

export function FeesSection({ mode, profile }: { mode: Mode; profile: ProfileDto }) {
  const { t } = useTranslation('profile')
  return (
    <Section title={t('sections.fees')} description={t('sections.feesDescription')}>
      {mode === 'edit' ? (
        <>
          <TextField
            name="faixaHonorariosMin"
            label={t('fields.faixaHonorariosMin')}
            inputMode="decimal"
            placeholder={t('placeholders.money')}
            description={t('hints.fees')}
          />
          <TextField
            name="faixaHonorariosMax"
            label={t('fields.faixaHonorariosMax')}
            inputMode="decimal"
            placeholder={t('placeholders.money')}
          />
        </>
      ) : (
        <ViewList>
          <ViewField label={t('fields.faixaHonorarios')} value={feeRange(profile, t)} wide />
        </ViewList>
      )}
    </Section>
  )
}

export function LinksSection({ mode, profile }: { mode: Mode; profile: ProfileDto }) {
  const { t } = useTranslation('profile')
  return (
    <Section title={t('sections.links')} description={t('sections.linksDescription')}>
      {mode === 'edit' ? (
        <>
          <TextField
            name="linkedinUrl"
            label={t('fields.linkedinUrl')}
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/..."
            maxLength={300}
          />
          <TextField
            name="sitePessoal"
            label={t('fields.sitePessoal')}
            type="url"
            inputMode="url"
            placeholder={t('placeholders.url')}
            maxLength={300}
          />
        </>
      ) : (
        <ViewList>
          <ViewField
            label={t('fields.linkedinUrl')}
            value={profile.linkedinUrl ? <ExternalLink url={profile.linkedinUrl} /> : null}
          />
          <ViewField
            label={t('fields.sitePessoal')}
            value={profile.sitePessoal ? <ExternalLink url={profile.sitePessoal} /> : null}
          />
        </ViewList>
      )}
    </Section>
  )
}

/** Students and entities: one card with their own fields and the bio. */
export function TypeSpecificSection({ mode, profile }: { mode: Mode; profile: ProfileDto }) {
  const { t } = useTranslation('profile')
  const isStudent = profile.userType === 'estudante'
  return (
    <Section title={t(isStudent ? 'sections.student' : 'sections.entity')}>
      {mode === 'edit' ? (
        isStudent ? (
          <>
            <TextField name="universidade" label={t('fields.universidade')} maxLength={160} />
            <SelectField
              name="periodoCurso"
              label={t('fields.periodoCurso')}
              placeholder={t('placeholders.periodo')}
              options={Array.from({ length: 10 }, (_, index) => ({
                value: String(index + 1),
                label: String(index + 1),
              }))}
            />
            <BioField />
          </>
        ) : (
          <>
            <TextField name="nomeEntidade" label={t('fields.nomeEntidade')} maxLength={160} />
            <TextField
              name="cnpj"
              label={t('fields.cnpj')}
              placeholder="00.000.000/0000-00"
              mask={maskCnpjInput}
              autoCapitalize="characters"
            />
            <SelectField
              name="tipoEntidade"
              label={t('fields.tipoEntidade')}
              placeholder={t('placeholders.tipoEntidade')}
              options={TIPOS_ENTIDADE.map((tipo) => ({ value: tipo, label: t(`tiposEntidade.${tipo}`) }))}
            />
            <BioField />
          </>
        )
      ) : (
        <ViewList>
          <ViewField label={t('fields.userType')} value={t(`userTypes.${profile.userType}`)} />
          {isStudent ? (
            <>
              <ViewField label={t('fields.universidade')} value={profile.universidade} />
              <ViewField
                label={t('fields.periodoCurso')}
                value={
                  profile.periodoCurso === null ? null : t('view.periodo', { periodo: profile.periodoCurso })
                }
              />
            </>
          ) : (
            <>
              <ViewField label={t('fields.nomeEntidade')} value={profile.nomeEntidade} />
              <ViewField label={t('fields.cnpj')} value={profile.cnpj ? formatCnpj(profile.cnpj) : null} />
              <ViewField
                label={t('fields.tipoEntidade')}
                value={profile.tipoEntidade ? t(`tiposEntidade.${profile.tipoEntidade}`) : null}
              />
            </>
          )}
          <ViewField label={t('fields.bioProfissional')} value={profile.bioProfissional} wide />
        </ViewList>
      )}
    </Section>
  )
}

/** Which lawyer tab holds each form field, to open the tab of the first error. */
export const LAWYER_FIELD_TABS: Partial<Record<FieldName, LawyerTab>> = {
  nomeCompleto: 'pessoal',
  telefone: 'pessoal',
  estadoId: 'pessoal',
  cidadeId: 'pessoal',
  oabNumero: 'profissional',
  oabEstado: 'profissional',
  anosExperiencia: 'profissional',
  bioProfissional: 'profissional',
  faixaHonorariosMin: 'servicos',
  faixaHonorariosMax: 'servicos',
  linkedinUrl: 'configuracoes',
  sitePessoal: 'configuracoes',
}

export const LAWYER_TABS = [
  'pessoal',
  'profissional',
  'servicos',
  'networking',
  'portfolio',
  'configuracoes',
] as const
export type LawyerTab = (typeof LAWYER_TABS)[number]
