import { timeAgo } from '../../lib/relative-time'

// Small formatting helpers of the jobs screens.

/** 'há 2 dias' — in the page's language, from the job's creation instant. */
export const postedAgo = timeAgo

/** 'São Paulo/SP', 'SP', or the remote label. */
export function jobLocation(
  job: { cidade: string | null; estado: string | null; remoto: boolean },
  remoteLabel: string,
): string {
  const place = job.cidade && job.estado ? `${job.cidade}/${job.estado}` : (job.estado ?? '')
  if (job.remoto) return place ? `${remoteLabel} · ${place}` : remoteLabel
  return place
}
