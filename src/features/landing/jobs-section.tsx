import { Briefcase, Clock, MapPin, Wallet } from 'lucide-react'
import { useEffect, useState } from 'react'
import { paths } from '../../lib/paths'
import { timeAgo } from '../../lib/relative-time'
import { storedLanguage } from '../../lib/language'
import { SECTION_IDS } from './landing-nav'
import { badgeClass, buttonClass, cardClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { format, useLandingText, type LandingText } from './use-landing-text'

type JobsText = LandingText['jobs']

// Spec §2 jobs section on real data (issue 13): the four newest open jobs, fetched after the first paint
// with a plain call (landing-api.ts, loaded then: the landing ships without the router, i18next or TanStack
// Query, decision 004).

/** The public list's card shape (GET /api/jobs), as far as this section reads it. */
interface LandingJob {
  id: string
  titulo: string
  empresa: string
  estado: string | null
  cidade: string | null
  remoto: boolean
  tipo: string
  nivel: string
  modalidade: string
  salario: string | null
  descricao: string
  createdAt: string
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; jobs: LandingJob[] }

/** 'Estágio' → 'estagio', 'Recém-formado' → 'recem_formado': the landing catalog's keys. */
const catalogKey = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[- ]/g, '_')

function label(labels: Record<string, string>, value: string) {
  return labels[catalogKey(value)] ?? value
}

function location(job: LandingJob, t: JobsText) {
  const place = job.cidade && job.estado ? `${job.cidade}, ${job.estado}` : (job.estado ?? '')
  if (job.remoto) return place ? `${t.remote} · ${place}` : t.remote
  return place
}

function JobCard({ job, t }: { job: LandingJob; t: JobsText }) {
  const titleId = `vaga-${job.id}`
  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex w-full flex-col p-6`}>
      <div className="flex flex-wrap gap-2">
        <span className={`${badgeClass} border-transparent bg-primary text-primary-foreground`}>
          {label(t.types, job.tipo)}
        </span>
        <span className={`${badgeClass} bg-secondary text-secondary-foreground`}>
          {label(t.levels, job.nivel)}
        </span>
        <span className={badgeClass}>{label(t.workModes, job.modalidade)}</span>
      </div>
      <h3 id={titleId} className="mt-4 text-lg font-semibold">
        {job.titulo}
      </h3>
      <dl className="mt-3 grid gap-1.5 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <dt>
            <Briefcase aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.company}</span>
          </dt>
          <dd>{job.empresa}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.location}</span>
          </dt>
          <dd>{location(job, t)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Wallet aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.salary}</span>
          </dt>
          <dd className="font-medium text-foreground">{job.salario || t.salaryNotInformed}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Clock aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.posted}</span>
          </dt>
          <dd>{timeAgo(job.createdAt, storedLanguage())}</dd>
        </div>
      </dl>
      <p className="mt-4 line-clamp-3 text-sm">{job.descricao}</p>
      <div className="mt-auto pt-6">
        <a
          href={paths.job.replace(':id', encodeURIComponent(job.id))}
          className={`${buttonClass.outline} w-full sm:w-auto`}
          aria-label={format(t.viewJobTitled, { title: job.titulo })}
        >
          {t.viewJob}
        </a>
      </div>
    </article>
  )
}

function useNewestJobs() {
  const [state, setState] = useState<State>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    import('./landing-api')
      .then((calls): Promise<LandingJob[]> => calls.fetchNewestJobs(4, controller.signal))
      .then(
        (jobs) => setState({ status: 'ready', jobs }),
        () => !controller.signal.aborted && setState({ status: 'error' }),
      )
    return () => controller.abort()
  }, [attempt])
  return { state, retry: () => setAttempt((n) => n + 1) }
}

/** Spec §2 jobs section: the four newest open jobs, 'Ver Vaga' and 'Ver Todas as Vagas'. */
export function JobsSection() {
  const t = useLandingText().jobs
  const { state, retry } = useNewestJobs()
  return (
    <section id={SECTION_IDS.jobs} aria-labelledby="vagas-title" className="bg-muted/40">
      <div className={sectionClass}>
        <SectionHeading id="vagas-title" title={t.title} subtitle={t.subtitle} />
        <div aria-live="polite" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' ? (
            <ul className="grid gap-6 md:grid-cols-2" aria-label={t.loading}>
              {[0, 1, 2, 3].map((n) => (
                <li key={n} className={`${cardClass} h-64 animate-pulse bg-muted`} />
              ))}
            </ul>
          ) : state.status === 'error' ? (
            <div role="alert" className="grid justify-items-center gap-3 text-center">
              <p>{t.error}</p>
              <button type="button" className={buttonClass.outline} onClick={retry}>
                {t.retry}
              </button>
            </div>
          ) : state.jobs.length === 0 ? (
            <p className="text-center text-muted-foreground">{t.empty}</p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2">
              {state.jobs.map((job) => (
                <li key={job.id} className="flex">
                  <JobCard job={job} t={t} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="mt-10 text-center">
          <a href={paths.jobs} className={`${buttonClass.primary} ${buttonClass.large}`}>
            {t.viewAll}
          </a>
        </div>
      </div>
    </section>
  )
}
