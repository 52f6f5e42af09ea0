import type { LandingText } from './use-landing-text'

/** The top bar's anchors (spec §2): the section ids are part of the contract (links point at them). */
export const SECTION_IDS = {
  lawyers: 'advogados',
  jobs: 'vagas',
  entities: 'instituicoes',
  about: 'sobre',
  contact: 'contato',
} as const

export const NAV_ITEMS = [
  'lawyers',
  'jobs',
  'entities',
  'about',
  'contact',
] as const satisfies readonly (keyof LandingText['nav'] & keyof typeof SECTION_IDS)[]

/** The main content's id, target of the skip link. */
export const MAIN_ID = 'conteudo'
