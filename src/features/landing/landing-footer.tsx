import { Scale } from 'lucide-react'
import { paths } from '../../lib/paths'
import { SECTION_IDS } from './landing-nav'
import { format, useLandingText } from './use-landing-text'

// Spec §1 footer links "lead nowhere": each goes to the closest real place, and the ones with no page
// yet (terms, privacy, LGPD) are plain text rather than links that do nothing.
type Target = string | null

export function LandingFooter() {
  const t = useLandingText().footer
  const groups: { title: string; links: [label: string, href: Target][] }[] = [
    {
      title: t.lawyers.title,
      links: [
        [t.lawyers.createProfile, paths.auth],
        [t.lawyers.plans, paths.auth],
        [t.lawyers.verification, `#${SECTION_IDS.about}`],
        [t.lawyers.help, `#${SECTION_IDS.contact}`],
        [t.lawyers.deadlineCalculator, paths.deadlineCalculator],
      ],
    },
    {
      title: t.students.title,
      links: [
        [t.students.signup, paths.auth],
        [t.students.internships, `#${SECTION_IDS.jobs}`],
        [t.students.mentoring, paths.auth],
        [t.students.events, `#${SECTION_IDS.contact}`],
      ],
    },
    {
      title: t.company.title,
      links: [
        [t.company.about, `#${SECTION_IDS.about}`],
        [t.company.careers, `#${SECTION_IDS.jobs}`],
        [t.company.press, `#${SECTION_IDS.contact}`],
        [t.company.contact, `#${SECTION_IDS.contact}`],
        [t.company.terms, null],
        [t.company.privacy, null],
        [t.company.lgpd, null],
      ],
    },
  ]
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Scale aria-hidden className="size-5" />
            </span>
            JusConecta
          </p>
          <p className="mt-3 text-sm text-muted-foreground">{t.tagline}</p>
        </div>
        {groups.map((group) => (
          <div key={group.title}>
            <h2 className="text-sm font-semibold">{group.title}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {group.links.map(([label, href]) => (
                <li key={label}>
                  {href ? (
                    <a href={href} className="text-muted-foreground hover:text-foreground hover:underline">
                      {label}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">{label}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6">
          {format(t.rights, { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  )
}
