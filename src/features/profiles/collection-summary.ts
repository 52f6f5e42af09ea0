import type { useTranslation } from 'react-i18next'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import type { CollectionItem, LawyerCollection } from './profiles.schema'

/** Any item of any lawyer collection, its fields read by name. */
export type AnyItem = CollectionItem<LawyerCollection> & Record<string, unknown>
type T = ReturnType<typeof useTranslation<'profile'>>['t']

/** What a list row shows of an item. */
export interface Summary {
  title: string
  subtitle?: string
  details?: string
  badge?: string
  url?: string
}

const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ')
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const year = (value: unknown) => (typeof value === 'number' ? String(value) : undefined)

function priceOf(item: AnyItem, t: T): string | undefined {
  const min = typeof item.valorMin === 'number' ? formatBRL(item.valorMin) : null
  const max = typeof item.valorMax === 'number' ? formatBRL(item.valorMax) : null
  if (min && max) return min === max ? min : t('view.feeRange', { min, max })
  if (min) return min
  if (max) return t('view.feeUpTo', { max })
  return undefined
}

/** What a list row shows for each kind of item. */
export function summarize(collection: LawyerCollection, item: AnyItem, t: T): Summary {
  const option = (key: string, value: unknown) =>
    typeof value === 'string' ? t(`${key}.${value}` as never) : ''
  switch (collection) {
    case 'practice-areas':
      return {
        title: option('specialties', item.area),
        badge: item.principal === true ? t('collections.principal') : undefined,
      }
    case 'languages':
      return { title: String(item.idioma), subtitle: option('options.nivel', item.nivel) }
    case 'services':
      return {
        title: String(item.titulo),
        subtitle: join(option('options.modalidade', item.modalidade), priceOf(item, t)),
        details: str(item.descricao),
      }
    case 'education':
      return {
        title: String(item.curso),
        subtitle: join(option('options.grau', item.grau), String(item.instituicao)),
        details: `${year(item.anoInicio) ?? ''} – ${year(item.anoConclusao) ?? t('collections.inProgress')}`,
      }
    case 'certifications':
      return {
        title: String(item.nome),
        subtitle: join(String(item.emissor), year(item.ano)),
        url: str(item.url),
      }
    case 'publications':
      return {
        title: String(item.titulo),
        subtitle: join(str(item.veiculo), year(item.ano)),
        url: str(item.url),
      }
    case 'success-cases':
      return {
        title: String(item.titulo),
        subtitle: join(option('specialties', item.area), year(item.ano)),
        details: join(str(item.resultado), str(item.descricao)),
      }
    case 'events':
      return {
        title: String(item.nome),
        subtitle: join(option('options.tipo', item.tipo), formatDateBR(String(item.data)), str(item.local)),
        details: str(item.descricao),
      }
  }
}
