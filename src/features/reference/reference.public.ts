// The reference feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export { getCidadesQueryOptions, getEstadosQueryOptions, useCidades, useEstados } from './use-reference'
export { CidadeCombobox, type CidadeComboboxTexts } from './cidade-combobox'
