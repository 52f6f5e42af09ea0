// The cases feature's browser surface: what other features (documents, and later agenda and financial)
// may use. Only named re-exports here.
export { ClientPicker } from './client-picker'
export { CasePicker, caseOptionLabel } from './case-picker'
export { CASE_AREAS, CASE_RESULTADOS, CASE_STATUSES, CASE_STATUS_LABELS } from './cases.schema'
export type { CaseArea, CaseResultado, CaseStatus } from './cases.schema'
// 'Criar caso' from a publication (features/publications): the case dialog, prefilled.
export { CaseFormDialog } from './case-form'
export type { CaseFormValues } from './case-form-values'
