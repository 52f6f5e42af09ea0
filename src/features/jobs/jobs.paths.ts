import { paths } from '../../lib/paths'

/** The page of one job (/vagas/:id). */
export const jobPath = (id: string) => paths.job.replace(':id', encodeURIComponent(id))
