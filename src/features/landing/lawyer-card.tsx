import { BadgeCheck, MapPin, Star, Video } from 'lucide-react'
import type { LawyerCardDto } from '../directory/directory.public'
import { paths } from '../../lib/paths'
import { badgeClass, buttonClass, cardClass } from './landing-ui'
import { format, useLandingText } from './use-landing-text'

function initials(name: string): string {
  const words = name.replace(/^(Dra?\.)\s+/, '').split(/\s+/)
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase()
}

export const lawyerProfileHref = (slug: string) => paths.lawyer.replace(':slug', encodeURIComponent(slug))

/** Spec §3 "Lawyer card" on real data (issue 13): loaded with the search, after the landing's first paint. */
export function LawyerCard({ lawyer }: { lawyer: LawyerCardDto }) {
  const text = useLandingText()
  const t = text.search
  // The marketing figures of spec §1 write ratings as '4.8'; the cards follow suit.
  const rating = lawyer.rating === null ? null : lawyer.rating.toFixed(1)
  const titleId = `advogado-${lawyer.id}`
  return (
    <article className={`${cardClass} flex w-full flex-col p-6`} aria-labelledby={titleId}>
      <div className="flex items-start gap-4">
        <div className="relative shrink-0">
          {lawyer.avatar ? (
            <img src={lawyer.avatar} alt="" className="size-14 rounded-full object-cover" loading="lazy" />
          ) : (
            <span
              aria-hidden
              className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-lg font-semibold text-primary"
            >
              {initials(lawyer.name)}
            </span>
          )}
          <span
            className={`absolute right-0 bottom-0 size-3.5 rounded-full border-2 border-card ${lawyer.isOnline ? 'bg-success' : 'bg-muted-foreground'}`}
            role="img"
            aria-label={lawyer.isOnline ? t.online : t.offline}
            title={lawyer.isOnline ? t.online : t.offline}
          />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 id={titleId} className="font-semibold break-words">
              {lawyer.name}
            </h3>
            {lawyer.acceptsVideoCall && (
              <span role="img" aria-label={t.videoCall} title={t.videoCall} className="shrink-0 text-primary">
                <Video aria-hidden className="size-5" />
              </span>
            )}
          </div>
          {lawyer.oab && (
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
              {format(t.oab, { oab: lawyer.oab.formatted })}
              {lawyer.verified && (
                <span className="inline-flex items-center gap-1 font-medium text-primary">
                  <BadgeCheck aria-hidden className="size-4" />
                  {t.verified}
                </span>
              )}
            </p>
          )}
          {(lawyer.city || lawyer.state) && (
            <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin aria-hidden className="size-4" />
              {[lawyer.city, lawyer.state].filter(Boolean).join(', ')}
            </p>
          )}
        </div>
      </div>

      {lawyer.specialties.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2">
          {lawyer.specialties.map((specialty) => (
            <li key={specialty} className={`${badgeClass} bg-secondary text-secondary-foreground`}>
              {text.specialties[specialty]}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-auto flex items-center justify-between gap-3 pt-6">
        {rating === null ? (
          <p className="text-sm text-muted-foreground">{t.noReviews}</p>
        ) : (
          <p className="flex items-center gap-1 text-sm">
            <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
            <span className="sr-only">{format(t.rating, { rating })}</span>
            <span aria-hidden className="font-semibold">
              {rating}
            </span>
            <span className="text-muted-foreground">
              {format(lawyer.reviews === 1 ? t.reviewsOne : t.reviews, { count: lawyer.reviews })}
            </span>
          </p>
        )}
        <a
          href={lawyerProfileHref(lawyer.slug)}
          className={`${buttonClass.outline} h-9`}
          aria-label={format(t.viewProfileOf, { name: lawyer.name })}
        >
          {t.viewProfile}
        </a>
      </div>
    </article>
  )
}
