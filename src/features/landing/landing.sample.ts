// Spec §2/§3: the job list of the landing page is a fixed sample (no persistence). The lawyer list is real
// since issue 13 (features/directory, lawyer-results.tsx).

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

export type JobType = 'emprego' | 'estagio' | 'trainee'
export type JobLevel = 'junior' | 'pleno' | 'estudante' | 'recem_formado'
export type WorkMode = 'presencial' | 'hibrido' | 'remoto'

export interface SampleJob {
  id: string
  title: string
  company: string
  location: string
  type: JobType
  level: JobLevel
  workMode: WorkMode
  /** Monthly amounts in reais; internships pay a stipend ("bolsa"). */
  salary: { min: number; max?: number }
  postedDaysAgo: number
  description: string
}

export const SAMPLE_JOBS: readonly SampleJob[] = [
  {
    id: 'advogado-civel-junior',
    title: 'Advogado(a) Cível Júnior',
    company: 'Silva & Associados Advocacia',
    location: 'São Paulo, SP',
    type: 'emprego',
    level: 'junior',
    workMode: 'hibrido',
    salary: { min: 4500, max: 6000 },
    postedDaysAgo: 2,
    description:
      'Atuação em contencioso cível estratégico, elaboração de peças e acompanhamento de audiências. OAB ativa.',
  },
  {
    id: 'estagio-trabalhista',
    title: 'Estágio em Direito Trabalhista',
    company: 'Mendes Advogados',
    location: 'Rio de Janeiro, RJ',
    type: 'estagio',
    level: 'estudante',
    workMode: 'presencial',
    salary: { min: 1800 },
    postedDaysAgo: 1,
    description:
      'Apoio na pesquisa de jurisprudência, controle de prazos e preparação de audiências. A partir do 6º período.',
  },
  {
    id: 'trainee-juridico',
    title: 'Programa Trainee Jurídico',
    company: 'Grupo Horizonte S.A.',
    location: 'Belo Horizonte, MG',
    type: 'trainee',
    level: 'recem_formado',
    workMode: 'hibrido',
    salary: { min: 5500 },
    postedDaysAgo: 3,
    description:
      'Programa de 18 meses com rodízio entre as áreas contratual, societária e regulatória do departamento jurídico.',
  },
  {
    id: 'advogado-digital-pleno',
    title: 'Advogado(a) Pleno — Direito Digital e LGPD',
    company: 'Nexus Tecnologia',
    location: 'Brasil (100% remoto)',
    type: 'emprego',
    level: 'pleno',
    workMode: 'remoto',
    salary: { min: 9000, max: 12000 },
    postedDaysAgo: 7,
    description:
      'Contratos de tecnologia, privacidade e proteção de dados, com interface direta com as equipes de produto.',
  },
]
