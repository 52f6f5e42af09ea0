import { Building2, HeartHandshake, Landmark, Scale, Users } from 'lucide-react'
import { paths } from '../../lib/paths'
import { SECTION_IDS } from './landing-nav'
import { buttonClass, cardClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { useLandingText } from './use-landing-text'

// The entity kinds of spec §3 (tipo_entidade).
const KINDS = [
  { key: 'escritorio', Icon: Scale },
  { key: 'empresa', Icon: Building2 },
  { key: 'orgao_publico', Icon: Landmark },
  { key: 'ong', Icon: HeartHandshake },
  { key: 'sindicato', Icon: Users },
] as const

export function EntitiesSection() {
  const t = useLandingText().entities
  return (
    <section id={SECTION_IDS.entities} aria-labelledby="instituicoes-title">
      <div className={sectionClass}>
        <SectionHeading id="instituicoes-title" title={t.title} subtitle={t.subtitle} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {KINDS.map(({ key, Icon }) => (
            <li key={key} className={`${cardClass} p-6`}>
              <Icon aria-hidden className="mb-4 size-8 text-primary" />
              <h3 className="font-semibold">{t.kinds[key].title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t.kinds[key].description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-4 text-center">
          <p className="text-muted-foreground">{t.ctaText}</p>
          <a href={paths.auth} className={`${buttonClass.primary} ${buttonClass.large}`}>
            {t.cta}
          </a>
        </div>
      </div>
    </section>
  )
}
