import { Briefcase, Clock, MapPin, Wallet } from 'lucide-react'
import { paths } from '../../lib/paths'
import { SAMPLE_JOBS, type SampleJob } from './landing.sample'
import { SECTION_IDS } from './landing-nav'
import { badgeClass, buttonClass, cardClass, sectionClass } from './landing-ui'
import { SectionHeading } from './section-heading'
import { postedAgo, salaryText, type JobsText } from './landing-format'
import { format, useLandingText } from './use-landing-text'

function JobCard({ job, t }: { job: SampleJob; t: JobsText }) {
  const titleId = `vaga-${job.id}`
  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex w-full flex-col p-6`}>
      <div className="flex flex-wrap gap-2">
        <span className={`${badgeClass} border-transparent bg-primary text-primary-foreground`}>
          {t.types[job.type]}
        </span>
        <span className={`${badgeClass} bg-secondary text-secondary-foreground`}>{t.levels[job.level]}</span>
        <span className={badgeClass}>{t.workModes[job.workMode]}</span>
      </div>
      <h3 id={titleId} className="mt-4 text-lg font-semibold">
        {job.title}
      </h3>
      <dl className="mt-3 grid gap-1.5 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <dt>
            <Briefcase aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.company}</span>
          </dt>
          <dd>{job.company}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <MapPin aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.location}</span>
          </dt>
          <dd>{job.location}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Wallet aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.salary}</span>
          </dt>
          <dd className="font-medium text-foreground">{salaryText(job, t)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Clock aria-hidden className="size-4" />
            <span className="sr-only">{t.fields.posted}</span>
          </dt>
          <dd>{postedAgo(job.postedDaysAgo, t)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm">{job.description}</p>
      <div className="mt-auto pt-6">
        <a
          href={paths.auth}
          className={`${buttonClass.outline} w-full sm:w-auto`}
          aria-label={format(t.viewJobTitled, { title: job.title })}
        >
          {t.viewJob}
        </a>
      </div>
    </article>
  )
}

/** Spec §2 jobs section: four fixed sample listings (no persistence). */
export function JobsSection() {
  const t = useLandingText().jobs
  return (
    <section id={SECTION_IDS.jobs} aria-labelledby="vagas-title" className="bg-muted/40">
      <div className={sectionClass}>
        <SectionHeading id="vagas-title" title={t.title} subtitle={t.subtitle} />
        <ul className="grid gap-6 md:grid-cols-2">
          {SAMPLE_JOBS.map((job) => (
            <li key={job.id} className="flex">
              <JobCard job={job} t={t} />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <a href={paths.auth} className={`${buttonClass.primary} ${buttonClass.large}`}>
            {t.viewAll}
          </a>
        </div>
      </div>
    </section>
  )
}
