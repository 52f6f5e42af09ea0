import { Search } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { UF_NAMES, UFS, isUf, type Uf } from '../../lib/br/uf'
import { SPECIALTIES } from '../../lib/br/specialties'
import type { LawyerFilters } from './lawyer-results'
import { SECTION_IDS } from './landing-nav'
import { buttonClass, cardClass, fieldClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { useCities } from './use-cities'
import { useLandingText } from './use-landing-text'

const UFS_BY_NAME = [...UFS].sort((a, b) => UF_NAMES[a].localeCompare(UF_NAMES[b], 'pt-BR'))

// The results (fetching, cards, paging) are their own chunk, requested after the first paint: the
// landing's initial JavaScript must stay within 100 KB gzip (decision 004, bench foundation).
// A chunk that fails to load (offline, a deploy in between) shows the error text, not a blank page.
const LawyerResults = lazy(() =>
  import('./lawyer-results').then(
    (m) => ({ default: m.LawyerResults }),
    () => ({ default: ResultsUnavailable }),
  ),
)

function ResultsUnavailable() {
  const t = useLandingText().search
  return (
    <p role="alert" className="text-sm text-destructive">
      {t.error}
    </p>
  )
}

const NO_FILTERS: LawyerFilters = { q: '', uf: '', cidadeId: '', especialidade: '' }

/**
 * Spec §2 lawyer search on the real directory (issue 13): 'Filtrar' runs the filters; choosing another
 * state clears the chosen city. Results list public lawyers only, verified first.
 */
export function LawyerSearch() {
  const text = useLandingText()
  const t = text.search
  const ids = useId()
  const [query, setQuery] = useState('')
  const [uf, setUf] = useState<Uf | ''>('')
  const [city, setCity] = useState('')
  const [specialty, setSpecialty] = useState('')
  const cities = useCities(uf)
  const results = useRef<HTMLHeadingElement>(null)
  const [applied, setApplied] = useState<LawyerFilters>(NO_FILTERS)
  // Mount the results only after the first paint (effects run after it).
  const [painted, setPainted] = useState(false)
  useEffect(() => setPainted(true), [])

  const onStateChange = (value: string) => {
    setUf(isUf(value) ? value : '')
    setCity('')
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setApplied({ q: query.trim(), uf, cidadeId: city, especialidade: specialty })
    results.current?.focus()
  }
  const loading = (
    <p className="text-sm text-muted-foreground" role="status">
      {t.searching}
    </p>
  )

  const cityPlaceholder = !uf
    ? t.cityNeedsState
    : cities.status === 'loading'
      ? t.citiesLoading
      : cities.status === 'error'
        ? t.citiesError
        : t.allCities

  return (
    <section id={SECTION_IDS.lawyers} aria-labelledby="advogados-title">
      <div className={sectionClass}>
        <SectionHeading id="advogados-title" title={t.title} subtitle={t.subtitle} />

        <form
          role="search"
          aria-label={t.filters}
          onSubmit={onSubmit}
          className={`${cardClass} grid gap-4 p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-4 lg:items-end`}
        >
          <div className="grid gap-1.5 sm:col-span-2">
            <label htmlFor={`${ids}-q`} className="text-sm font-medium">
              {t.query}
            </label>
            <input
              id={`${ids}-q`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t.queryPlaceholder}
              className={fieldClass}
            />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-uf`} className="text-sm font-medium">
              {t.state}
            </label>
            <select
              id={`${ids}-uf`}
              value={uf}
              onChange={(event) => onStateChange(event.target.value)}
              className={fieldClass}
            >
              <option value="">{t.allStates}</option>
              {UFS_BY_NAME.map((code) => (
                <option key={code} value={code}>
                  {UF_NAMES[code]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${ids}-city`} className="text-sm font-medium">
              {t.city}
            </label>
            <select
              id={`${ids}-city`}
              value={city}
              onChange={(event) => setCity(event.target.value)}
              disabled={cities.status !== 'ready'}
              aria-describedby={cities.status === 'error' ? `${ids}-city-error` : undefined}
              className={fieldClass}
            >
              <option value="">{cityPlaceholder}</option>
              {cities.cities.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.nome}
                </option>
              ))}
            </select>
            {cities.status === 'error' && (
              <p id={`${ids}-city-error`} role="alert" className="text-sm text-destructive">
                {t.citiesError}{' '}
                <button
                  type="button"
                  onClick={cities.retry}
                  className="font-medium underline underline-offset-4"
                >
                  {t.retry}
                </button>
              </p>
            )}
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <label htmlFor={`${ids}-specialty`} className="text-sm font-medium">
              {t.specialty}
            </label>
            <select
              id={`${ids}-specialty`}
              value={specialty}
              onChange={(event) => setSpecialty(event.target.value)}
              className={fieldClass}
            >
              <option value="">{t.allSpecialties}</option>
              {SPECIALTIES.map((value) => (
                <option key={value} value={value}>
                  {text.specialties[value]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${buttonClass.primary} sm:col-span-2`}>
            <Search aria-hidden />
            {t.filter}
          </button>
        </form>

        <h3
          id={`${ids}-results`}
          ref={results}
          tabIndex={-1}
          className="mt-10 mb-2 text-xl font-semibold focus-visible:outline-none"
        >
          {t.results}
        </h3>
        {painted ? (
          <Suspense fallback={loading}>
            <LawyerResults filters={applied} headingId={`${ids}-results`} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
    </section>
  )
}
