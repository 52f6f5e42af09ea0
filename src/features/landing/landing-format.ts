import { formatBRL } from '../../lib/br/money'
import type { SampleJob } from './landing.sample'
import { format, type LandingText } from './use-landing-text'

export type JobsText = LandingText['jobs']

export function postedAgo(days: number, t: JobsText): string {
  if (days <= 0) return t.postedToday
  if (days === 1) return t.postedOneDay
  if (days < 7 || days % 7 !== 0) return format(t.postedDays, { count: days })
  return days === 7 ? t.postedOneWeek : format(t.postedWeeks, { count: days / 7 })
}

export function salaryText(job: SampleJob, t: JobsText): string {
  const { min, max } = job.salary
  if (job.type === 'estagio') return format(t.stipend, { amount: formatBRL(min) })
  return max === undefined
    ? formatBRL(min)
    : format(t.salaryRange, { min: formatBRL(min), max: formatBRL(max) })
}
