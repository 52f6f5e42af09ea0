import { useMemo } from 'react'
import { Combobox, type ComboboxProps } from '../../components/ui/combobox'
import { useCidades } from './use-reference'

/** The picker's words, from the namespace of the form that shows it. */
export interface CidadeComboboxTexts {
  /** Placeholder while no state is chosen. */
  noState: string
  loading: string
  placeholder: string
  search: string
  empty: string
  /** Under a truncated list; the Combobox's own text when absent. */
  more?: (shown: number, total: number) => string
}

/**
 * The city picker of every form that asks for a place (spec §2/§4): the cities of the chosen state, disabled —
 * and saying why — until a state is chosen and while its cities load. As FormField's direct child it gets its
 * aria wiring.
 */
export function CidadeCombobox({
  estadoId,
  texts,
  ...combobox
}: {
  /** The form's state field: a select value, '' when none. */
  estadoId: string
  texts: CidadeComboboxTexts
} & Omit<
  ComboboxProps,
  'options' | 'disabled' | 'placeholder' | 'searchPlaceholder' | 'emptyText' | 'moreText'
>) {
  const cidades = useCidades(estadoId ? Number(estadoId) : null)
  const options = useMemo(
    () => (cidades.data ?? []).map((cidade) => ({ value: String(cidade.id), label: cidade.nome })),
    [cidades.data],
  )
  return (
    <Combobox
      {...combobox}
      options={options}
      disabled={!estadoId || cidades.isPending}
      placeholder={!estadoId ? texts.noState : cidades.isPending ? texts.loading : texts.placeholder}
      searchPlaceholder={texts.search}
      emptyText={texts.empty}
      moreText={texts.more}
    />
  )
}
