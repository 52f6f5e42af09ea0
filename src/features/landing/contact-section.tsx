import { Clock, Mail, MapPin } from 'lucide-react'
import { paths } from '../../lib/paths'
import { SECTION_IDS } from './landing-nav'
import { buttonClass, cardClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { useLandingText } from './use-landing-text'

export function ContactSection() {
  const t = useLandingText().contact
  const items = [
    {
      Icon: Mail,
      label: t.email,
      value: (
        <a
          href={`mailto:${t.emailAddress}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t.emailAddress}
        </a>
      ),
    },
    { Icon: Clock, label: t.hours, value: t.hoursValue },
    { Icon: MapPin, label: t.location, value: t.locationValue },
  ]
  return (
    <section id={SECTION_IDS.contact} aria-labelledby="contato-title">
      <div className={sectionClass}>
        <SectionHeading id="contato-title" title={t.title} subtitle={t.subtitle} />
        <div className="grid gap-6 lg:grid-cols-2">
          <ul className={`${cardClass} grid gap-6 p-8`}>
            {items.map(({ Icon, label, value }) => (
              <li key={label} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon aria-hidden className="size-5" />
                </span>
                <div>
                  <p className="text-sm font-medium text-muted-foreground">{label}</p>
                  <p className="mt-0.5 break-words">{value}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-start justify-center rounded-xl bg-primary p-8 text-primary-foreground">
            <h3 className="text-2xl font-bold">{t.ctaTitle}</h3>
            <p className="mt-2 opacity-90">{t.ctaText}</p>
            <a
              href={paths.auth}
              className={`${buttonClass.large} mt-6 inline-flex items-center justify-center rounded-md bg-background font-medium text-foreground shadow-sm transition-colors hover:bg-background/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-foreground`}
            >
              {t.cta}
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
