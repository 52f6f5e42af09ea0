import { Target } from 'lucide-react'
import { SECTION_IDS } from './landing-nav'
import { cardClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { useLandingText } from './use-landing-text'

const STATS = ['professionals', 'rating', 'verified', 'connections'] as const

/** Spec §1 marketing figures and the mission. */
export function AboutSection() {
  const t = useLandingText().about
  return (
    <section id={SECTION_IDS.about} aria-labelledby="sobre-title" className="bg-muted/40">
      <div className={sectionClass}>
        <SectionHeading id="sobre-title" title={t.title} subtitle={t.subtitle} />
        <dl className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {STATS.map((key) => {
            const stat = t.stats[key]
            return (
              <div key={key} className={`${cardClass} flex flex-col p-6 text-center`}>
                <dt className="order-2 mt-2 text-sm font-medium text-muted-foreground">
                  {stat.label}
                  {'detail' in stat && <span className="mt-1 block text-xs font-normal">{stat.detail}</span>}
                </dt>
                <dd className="order-1 text-3xl font-extrabold text-primary sm:text-4xl">{stat.value}</dd>
              </div>
            )
          })}
        </dl>
        <div className={`${cardClass} mt-10 grid gap-6 p-8 md:grid-cols-[auto_1fr]`}>
          <span className="flex size-14 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Target aria-hidden className="size-7" />
          </span>
          <div>
            <h3 className="text-2xl font-bold">{t.missionTitle}</h3>
            <p className="mt-3 text-lg text-muted-foreground">{t.mission}</p>
            <ul className="mt-6 grid gap-2 text-sm">
              {(['trust', 'access', 'efficiency'] as const).map((key) => (
                <li key={key} className="flex gap-2">
                  <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                  {t.values[key]}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  )
}
