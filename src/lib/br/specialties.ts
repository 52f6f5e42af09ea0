/**
 * Spec §3 "Specialty list": the legal areas a lawyer practises, as stored. Reference data every feature may
 * use (profiles store them, the directory filters by them, the landing offers them); their pt-BR labels live in
 * the i18n catalogs (`profile`, `landing`).
 */
export const SPECIALTIES = [
  'civil',
  'penal',
  'trabalhista',
  'empresarial',
  'constitucional',
  'administrativo',
  'tributario',
  'previdenciario',
  'consumidor',
  'familia',
  'sucessoes',
  'imobiliario',
  'bancario',
  'ambiental',
  'internacional',
  'propriedade_intelectual',
  'medico',
  'digital',
  'compliance',
  'contratos',
  'societario',
  'concorrencial',
  'energia',
  'seguros',
  'agronegocio',
] as const
export type Specialty = (typeof SPECIALTIES)[number]
