import { Building2, GraduationCap, Scale, Sparkles } from 'lucide-react'
import { paths } from '../../lib/paths'
import { buttonClass } from './landing-ui'
import { useLandingText } from './use-landing-text'

export function HeroSection() {
  const text = useLandingText().hero
  const choices = [
    { label: text.lawyer, Icon: Scale, style: buttonClass.primary },
    { label: text.student, Icon: GraduationCap, style: buttonClass.outline },
    { label: text.entity, Icon: Building2, style: buttonClass.outline },
  ]
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden border-b border-border bg-gradient-to-b from-primary/10 via-background to-background"
    >
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-20 text-center sm:px-6 lg:py-28">
        <p
          className={
            'mb-6 inline-flex items-center gap-2 rounded-full border border-border bg-background px-4 py-1.5 text-sm font-medium text-muted-foreground shadow-xs'
          }
        >
          <Sparkles aria-hidden className="size-4 text-primary" />
          {text.badge}
        </p>
        <h1
          id="hero-title"
          className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {text.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">{text.subtitle}</p>
        <p className="mt-10 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {text.choose}
        </p>
        <div className="mt-4 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          {choices.map(({ label, Icon, style }) => (
            <a key={label} href={paths.auth} className={`${style} ${buttonClass.large}`}>
              <Icon aria-hidden />
              {label}
            </a>
          ))}
        </div>
      </div>
    </section>
  )
}
