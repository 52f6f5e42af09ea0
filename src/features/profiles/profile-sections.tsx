import { useTranslation } from 'react-i18next'
import { formatCnpj, maskCnpjInput } from '../../lib/br/cnpj'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { maskPhoneInput } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'
import { TIPOS_ENTIDADE } from '../auth/auth.public'
import type { ProfileDto } from '../auth/auth.public'
import {
  BioField,
  ExternalLink,
  Section,
  SelectField,
  TextField,
  ViewField,
  ViewList,
} from './profile-fields'
import type { ProfileFormValues } from './profile-form-values'
import { StateCityFields, usePlaceNames } from './state-city-fields'

export type Mode = 'view' | 'edit'
type FieldName = keyof ProfileFormValues

const feeRange = (profile: ProfileDto, t: ReturnType<typeof useTranslation<'profile'>>['t']) => {
  const min = profile.faixaHonorariosMin === null ? null : formatBRL(profile.faixaHonorariosMin)
  const max = profile.faixaHonorariosMax === null ? null : formatBRL(profile.faixaHonorariosMax)
  if (min && max) return t('view.feeRange', { min, max })
  if (min) return t('view.feeFrom', { min })
  if (max) return t('view.feeUpTo', { max })
  return null
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
