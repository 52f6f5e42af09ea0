import { SPECIALTIES } from '../../lib/br/specialties'
import { formatBRL, parseBRL } from '../../lib/br/money'
import {
  EDUCATION_GRAUS,
  EVENT_TIPOS,
  LANGUAGE_LEVELS,
  SERVICE_MODALIDADES,
  type LawyerCollection,
} from './profiles.schema'

// How each lawyer sub-collection is edited: its fields, in form order. Labels come from the 'profile'
// namespace (collectionFields.<name>, options.<name>.<value> or specialties.<value>).

export type FieldKind = 'text' | 'textarea' | 'select' | 'year' | 'money' | 'date' | 'url' | 'checkbox'

export interface FieldSpec {
  name: string
  kind: FieldKind
  required?: boolean
  /** Values of a select; labels from `optionsKey` (e.g. 'options.nivel') or the specialty list. */
  options?: readonly string[]
  optionsKey?: string
  /** i18n key of a hint under the field. */
  hintKey?: string
  maxLength?: number
}

const specialty = (name: string): FieldSpec => ({
  name,
  kind: 'select',
  required: true,
  options: SPECIALTIES,
  optionsKey: 'specialties',
})

export const COLLECTION_FIELDS: Record<LawyerCollection, FieldSpec[]> = {
  'practice-areas': [specialty('area'), { name: 'principal', kind: 'checkbox' }],
  languages: [
    { name: 'idioma', kind: 'text', required: true, maxLength: 60 },
    { name: 'nivel', kind: 'select', required: true, options: LANGUAGE_LEVELS, optionsKey: 'options.nivel' },
  ],
  services: [
    { name: 'titulo', kind: 'text', required: true, maxLength: 120 },
    { name: 'descricao', kind: 'textarea', maxLength: 1000 },
    { name: 'valorMin', kind: 'money' },
    { name: 'valorMax', kind: 'money', hintKey: 'collectionHints.valorMax' },
    {
      name: 'modalidade',
      kind: 'select',
      required: true,
      options: SERVICE_MODALIDADES,
      optionsKey: 'options.modalidade',
    },
  ],
  education: [
    { name: 'instituicao', kind: 'text', required: true, maxLength: 160 },
    { name: 'curso', kind: 'text', required: true, maxLength: 160 },
    { name: 'grau', kind: 'select', required: true, options: EDUCATION_GRAUS, optionsKey: 'options.grau' },
    { name: 'anoInicio', kind: 'year', required: true },
    { name: 'anoConclusao', kind: 'year', hintKey: 'collectionHints.anoConclusao' },
  ],
  certifications: [
    { name: 'nome', kind: 'text', required: true, maxLength: 160 },
    { name: 'emissor', kind: 'text', required: true, maxLength: 160 },
    { name: 'ano', kind: 'year' },
    { name: 'url', kind: 'url' },
  ],
  publications: [
    { name: 'titulo', kind: 'text', required: true, maxLength: 200 },
    { name: 'veiculo', kind: 'text', maxLength: 160 },
    { name: 'ano', kind: 'year' },
    { name: 'url', kind: 'url' },
  ],
  'success-cases': [
    { name: 'titulo', kind: 'text', required: true, maxLength: 160 },
    specialty('area'),
    { name: 'descricao', kind: 'textarea', maxLength: 2000 },
    { name: 'resultado', kind: 'textarea', maxLength: 500 },
    { name: 'ano', kind: 'year' },
  ],
  events: [
    { name: 'nome', kind: 'text', required: true, maxLength: 160 },
    { name: 'tipo', kind: 'select', required: true, options: EVENT_TIPOS, optionsKey: 'options.tipo' },
    { name: 'data', kind: 'date', required: true },
    { name: 'local', kind: 'text', maxLength: 160 },
    { name: 'descricao', kind: 'textarea', maxLength: 1000 },
  ],
}

export type CollectionFormValues = Record<string, string | boolean>

/** Form values of an item (or blanks for a new one). */
export function collectionFormValues(
  fields: FieldSpec[],
  item: Record<string, unknown> | null,
): CollectionFormValues {
  const values: CollectionFormValues = {}
  for (const field of fields) {
    const value = item?.[field.name]
    if (field.kind === 'checkbox') values[field.name] = value === true
    else if (field.kind === 'money')
      values[field.name] = typeof value === 'number' ? formatBRL(value).replace(/^R\$\s*/, '') : ''
    else values[field.name] = value === null || value === undefined ? '' : String(value)
  }
  return values
}

/**
 * The request body. Blank optional fields become null (cleared); a blank select is left out so the
 * schema says "Selecione…"; a number that can't be read is sent as NaN so the schema names the field.
 */
export function toCollectionPayload(
  fields: FieldSpec[],
  values: CollectionFormValues,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const field of fields) {
    const value = values[field.name]
    if (field.kind === 'checkbox') {
      payload[field.name] = value === true
      continue
    }
    const raw = typeof value === 'string' ? value.trim() : ''
    switch (field.kind) {
      case 'select':
      case 'date':
        if (raw !== '') payload[field.name] = raw
        break
      case 'year':
        payload[field.name] =
          raw === '' ? (field.required ? undefined : null) : /^\d+$/.test(raw) ? Number(raw) : Number.NaN
        break
      case 'money':
        payload[field.name] = raw === '' ? null : (parseBRL(raw) ?? Number.NaN)
        break
      default:
        payload[field.name] = raw
    }
  }
  return payload
}
