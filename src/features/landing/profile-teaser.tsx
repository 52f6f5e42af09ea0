import { CircleCheck, FolderOpen, Handshake, IdCard, Briefcase } from 'lucide-react'
import { paths } from '../../lib/paths'
import { buttonClass, cardClass, sectionClass } from './landing-ui'
import type { LandingSession } from './use-landing-session'
import { useLandingText } from './use-landing-text'
import { SectionHeading } from './section-heading'

const FEATURES = [
  { key: 'data', Icon: IdCard },
  { key: 'services', Icon: Briefcase },
  { key: 'networking', Icon: Handshake },
  { key: 'portfolio', Icon: FolderOpen },
] as const

/** Spec §2 profile-management teaser: four feature cards and a call to action that depends on the session. */
export function ProfileTeaser({ session }: { session: LandingSession }) {
  const text = useLandingText().profile
  const signedIn = session.status === 'signedIn'
  return (
    <section aria-labelledby="perfil-title" className="bg-muted/40">
      <div className={sectionClass}>
        <SectionHeading id="perfil-title" title={text.title} subtitle={text.subtitle} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className={`${cardClass} p-6`}>
              <span className="mb-4 flex size-12 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="text-lg font-semibold">{text.features[key].title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text.features[key].description}</p>
            </li>
          ))}
        </ul>

        <div className={`${cardClass} mx-auto mt-12 max-w-3xl p-8 text-center`}>
          <h3 className="text-2xl font-bold">{signedIn ? text.signedInTitle : text.ctaTitle}</h3>
          <p className="mt-2 text-muted-foreground">{signedIn ? text.signedInText : text.ctaText}</p>
          <div
            className={`mt-6 flex flex-col justify-center gap-3 sm:flex-row${session.status === 'loading' ? ' invisible' : ''}`}
            aria-hidden={session.status === 'loading' || undefined}
          >
            {signedIn ? (
              <a href={paths.dashboard.profile} className={`${buttonClass.primary} ${buttonClass.large}`}>
                {text.access}
              </a>
            ) : (
              <>
                <a
                  href={paths.auth}
                  className={`${buttonClass.outline} ${buttonClass.large}`}
                  tabIndex={session.status === 'loading' ? -1 : undefined}
                >
                  {text.signIn}
                </a>
                <a
                  href={paths.auth}
                  className={`${buttonClass.primary} ${buttonClass.large}`}
                  tabIndex={session.status === 'loading' ? -1 : undefined}
                >
                  {text.signUp}
                </a>
              </>
            )}
          </div>
          {!signedIn && (
            <ul className="mt-6 flex flex-col items-center justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row">
              {(['free', 'full', 'quick'] as const).map((perk) => (
                <li key={perk} className="flex items-center gap-1.5">
                  <CircleCheck aria-hidden className="size-4 text-success" />
                  {text.perks[perk]}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  )
}
