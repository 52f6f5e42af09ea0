import { Search } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { paths } from '../../lib/paths'
import { UF_NAMES, UFS, isUf, type Uf } from '../../lib/br/uf'
import { SAMPLE_LAWYERS, SPECIALTIES } from './landing.sample'
import { LawyerCard } from './lawyer-card'
import { SECTION_IDS } from './landing-nav'
import { buttonClass, cardClass, fieldClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { useCities } from './use-cities'
import { format, useLandingText } from './use-landing-text'

const UFS_BY_NAME = [...UFS].sort((a, b) => UF_NAMES[a].localeCompare(UF_NAMES[b], 'pt-BR'))

/**
 * Spec §2 lawyer search: the filters are shown but don't filter (the list is a fixed sample). Choosing
 * another state clears the chosen city.
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

  const onStateChange = (value: string) => {
    setUf(isUf(value) ? value : '')
    setCity('')
  }
  // Nothing to filter in a sample: "Filtrar" takes the visitor to the results.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    results.current?.focus()
  }

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

        <div className="mt-10 mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h3 ref={results} tabIndex={-1} className="text-xl font-semibold focus-visible:outline-none">
            {t.results}
          </h3>
          <p className="text-sm text-muted-foreground">
            {format(t.resultsCount, { count: SAMPLE_LAWYERS.length })}
          </p>
        </div>
        <ul className="grid gap-6 md:grid-cols-2">
          {SAMPLE_LAWYERS.map((lawyer) => (
            <li key={lawyer.id} className="flex">
              <LawyerCard lawyer={lawyer} />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <a href={paths.auth} className={`${buttonClass.outline} ${buttonClass.large}`}>
            {t.loadMore}
          </a>
        </div>
      </div>
    </section>
  )
}
