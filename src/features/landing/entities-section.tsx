import { Building2, HeartHandshake, Landmark, MapPin, Scale, Users } from 'lucide-react'
import { useEffect, useState } from 'react'
import { paths } from '../../lib/paths'
import type { FeaturedEntity } from '../entities/entities.public'
import { SECTION_IDS } from './landing-nav'
import { badgeClass, buttonClass, cardClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { format, useLandingText, type LandingText } from './use-landing-text'

// The entity kinds of spec §3 (tipo_entidade).
const KINDS = [
  { key: 'escritorio', Icon: Scale },
  { key: 'empresa', Icon: Building2 },
  { key: 'orgao_publico', Icon: Landmark },
  { key: 'ong', Icon: HeartHandshake },
  { key: 'sindicato', Icon: Users },
] as const
const ICONS = Object.fromEntries(KINDS.map(({ key, Icon }) => [key, Icon]))

const FEATURED = 6

type Featured = { status: 'loading' } | { status: 'error' } | { status: 'done'; entities: FeaturedEntity[] }

/**
 * Real entities (issue 13): the public ones with most open jobs, then the newest, each linking to its page.
 * A plain call in an effect (landing-api.ts, loaded then) — after the first paint, with no query library —
 * so the landing's initial JavaScript stays within its budget (decision 004).
 */
function useFeaturedEntities(): Featured {
  const [state, setState] = useState<Featured>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    import('./landing-api')
      .then((calls) => calls.fetchFeaturedEntities(FEATURED, controller.signal))
      .then((entities: FeaturedEntity[]) => setState({ status: 'done', entities }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' })
      })
    return () => controller.abort()
  }, [])
  return state
}

const entityPath = (slug: string) => paths.entity.replace(':slug', encodeURIComponent(slug))

export function EntitiesSection() {
  const t = useLandingText().entities
  const featured = useFeaturedEntities()
  return (
    <section id={SECTION_IDS.entities} aria-labelledby="instituicoes-title">
      <div className={sectionClass}>
        <SectionHeading id="instituicoes-title" title={t.title} subtitle={t.subtitle} />
        <h3 className="mb-4 text-xl font-semibold">{t.featuredTitle}</h3>
        <FeaturedList state={featured} t={t} />
        <h3 className="mt-12 mb-4 text-xl font-semibold">{t.kindsTitle}</h3>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {KINDS.map(({ key, Icon }) => (
            <li key={key} className={`${cardClass} p-6`}>
              <Icon aria-hidden className="mb-4 size-8 text-primary" />
              <h4 className="font-semibold">{t.kinds[key].title}</h4>
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

function FeaturedList({ state, t }: { state: Featured; t: LandingText['entities'] }) {
  if (state.status === 'loading')
    return (
      <div role="status" aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only">{t.loading}</span>
        {[0, 1, 2].map((key) => (
          <div key={key} aria-hidden className={`${cardClass} h-36 animate-pulse bg-muted`} />
        ))}
      </div>
    )
  if (state.status === 'error')
    return (
      <p role="alert" className="text-sm text-destructive">
        {t.error}
      </p>
    )
  if (state.entities.length === 0) return <p className="text-muted-foreground">{t.empty}</p>
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {state.entities.map((entity) => {
        const Icon = (entity.tipoEntidade && ICONS[entity.tipoEntidade]) || Building2
        const place = entity.cidade && entity.uf ? `${entity.cidade}, ${entity.uf}` : entity.uf
        const jobs =
          entity.openJobs === 0
            ? t.noOpenJobs
            : entity.openJobs === 1
              ? t.openJobsOne
              : format(t.openJobsOther, { count: entity.openJobs })
        return (
          <li key={entity.slug} className={`${cardClass} flex flex-col gap-3 p-5`}>
            <div className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <div className="grid min-w-0 gap-1">
                <h4 className="font-semibold break-words">{entity.nome}</h4>
                {entity.tipoEntidade && (
                  <span className={`${badgeClass} w-fit`}>{t.tipos[entity.tipoEntidade]}</span>
                )}
              </div>
            </div>
            {place && (
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin aria-hidden className="size-4 shrink-0" />
                {place}
              </p>
            )}
            <p className="text-sm font-medium">{jobs}</p>
            <a
              href={entityPath(entity.slug)}
              aria-label={format(t.viewAria, { name: entity.nome })}
              className={`${buttonClass.outline} mt-auto`}
            >
              {t.view}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
