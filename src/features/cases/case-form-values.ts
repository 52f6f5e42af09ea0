import { todayISO } from '../../lib/br/dates'
import type { Case, CaseStatus, CreateCaseInput } from './cases.schema'

/** Every input is a string in the form; the shared schema accepts that shape. */
export interface CaseFormValues {
  titulo: string
  areaJuridica: string
  numeroProcesso: string
  descricao: string
  status: CaseStatus
  valorCausa: string
  dataInicio: string
  dataConclusao: string
  /** How it ended ('' = not told); the form offers it when the status is concluido. */
  resultado: string
  tribunal: string
  vara: string
  observacoes: string
  clientId: string
}

/** A new case starts today (a function: the date is read when the dialog opens, not when the app loaded). */
export function emptyCaseValues(): CaseFormValues {
  return {
    titulo: '',
    areaJuridica: '',
    numeroProcesso: '',
    descricao: '',
    status: 'aberto',
    valorCausa: '',
    dataInicio: todayISO(),
    dataConclusao: '',
    resultado: '',
    tribunal: '',
    vara: '',
    observacoes: '',
    clientId: '',
  }
}

/** A stored case as the edit form holds it: absent values as empty inputs, the value as a number input's text. */
export function caseFormValues(record: Case): CaseFormValues {
  return {
    titulo: record.titulo,
    areaJuridica: record.areaJuridica,
    numeroProcesso: record.numeroProcesso ?? '',
    descricao: record.descricao ?? '',
    status: record.status,
    valorCausa: record.valorCausa === null ? '' : record.valorCausa.toFixed(2),
    dataInicio: record.dataInicio,
    dataConclusao: record.dataConclusao ?? '',
    resultado: record.resultado ?? '',
    tribunal: record.tribunal ?? '',
    vara: record.vara ?? '',
    observacoes: record.observacoes ?? '',
    clientId: record.clientId ?? '',
  }
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value)

/** Spec §5: on save, empty optional values become null; valor_causa is sent as a number. */
export function toCaseBody(values: CaseFormValues): CreateCaseInput {
  return {
    titulo: values.titulo,
    areaJuridica: values.areaJuridica as CreateCaseInput['areaJuridica'],
    numeroProcesso: blankToNull(values.numeroProcesso),
    descricao: blankToNull(values.descricao),
    status: values.status,
    // A number input's value is always dot-decimal ('1500.5'), never pt-BR text.
    valorCausa: values.valorCausa.trim() === '' ? null : Number(values.valorCausa),
    dataInicio: values.dataInicio,
    dataConclusao: blankToNull(values.dataConclusao),
    resultado: blankToNull(values.resultado) as CreateCaseInput['resultado'],
    tribunal: blankToNull(values.tribunal),
    vara: blankToNull(values.vara),
    observacoes: blankToNull(values.observacoes),
    clientId: blankToNull(values.clientId),
  }
}
