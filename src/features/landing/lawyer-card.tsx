import { MapPin, Star, Video } from 'lucide-react'
import { paths } from '../../lib/paths'
import { formatOab } from '../../lib/br/oab'
import type { SampleLawyer } from './landing.sample'
import { badgeClass, buttonClass, cardClass } from './landing-ui'
import { format, useLandingText } from './use-landing-text'

function initials(name: string): string {
  const words = name.replace(/^(Dra?\.)\s+/, '').split(/\s+/)
  return `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}`.toUpperCase()
}

export function LawyerCard({ lawyer }: { lawyer: SampleLawyer }) {
  const text = useLandingText()
  const t = text.search
  // The marketing figures of spec §1 write ratings as '4.8'; the cards follow suit.
  const rating = lawyer.rating.toFixed(1)
  return (
    <article className={`${cardClass} flex w-full flex-col p-6`} aria-labelledby={`advogado-${lawyer.id}`}>
      <div className="flex items-start gap-4">
        <div className="relative shrink-0">
          <span
            aria-hidden
            className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-lg font-semibold text-primary"
          >
            {initials(lawyer.name)}
          </span>
          <span
            className={`absolute right-0 bottom-0 size-3.5 rounded-full border-2 border-card ${lawyer.isOnline ? 'bg-success' : 'bg-muted-foreground'}`}
            role="img"
            aria-label={lawyer.isOnline ? t.online : t.offline}
            title={lawyer.isOnline ? t.online : t.offline}
          />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 id={`advogado-${lawyer.id}`} className="font-semibold">
              {lawyer.name}
            </h3>
            {lawyer.acceptsVideoCall && (
              <span role="img" aria-label={t.videoCall} title={t.videoCall} className="shrink-0 text-primary">
                <Video aria-hidden className="size-5" />
              </span>
            )}
          </div>
          <p className="text-sm text-muted-foreground">
            {format(t.oab, { oab: formatOab(lawyer.oab.number, lawyer.oab.uf) })}
          </p>
          <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden className="size-4" />
            {lawyer.city}, {lawyer.state}
          </p>
        </div>
      </div>

      <ul className="mt-4 flex flex-wrap gap-2">
        {lawyer.specialties.map((specialty) => (
          <li key={specialty} className={`${badgeClass} bg-secondary text-secondary-foreground`}>
            {text.specialties[specialty]}
          </li>
        ))}
      </ul>

      <div className="mt-auto flex items-center justify-between gap-3 pt-6">
        <p className="flex items-center gap-1 text-sm">
          <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
          <span className="sr-only">{format(t.rating, { rating })}</span>
          <span aria-hidden className="font-semibold">
            {rating}
          </span>
          <span className="text-muted-foreground">{format(t.reviews, { count: lawyer.reviews })}</span>
        </p>
        <a
          href={paths.auth}
          className={`${buttonClass.outline} h-9`}
          aria-label={format(t.viewProfileOf, { name: lawyer.name })}
        >
          {t.viewProfile}
        </a>
      </div>
    </article>
  )
}
