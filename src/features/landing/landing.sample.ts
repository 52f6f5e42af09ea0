// The landing's lawyer and job lists are real since issue 13 (features/directory, features/jobs); what is left
// here is the spec's fixed specialty list the search filter offers.

/** Spec §3 specialty values; their pt-BR labels live in the 'landing' catalog under `specialties`. */
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
