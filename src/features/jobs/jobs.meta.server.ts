import type { PageMetaProvider } from '../../platform/page-meta.server'
import { findJob } from './jobs.service.server'

/** /vagas/:id → the job's title, company, place and description in the served HTML (open jobs only). */
export const jobPageMeta: PageMetaProvider = {
  pattern: /^\/vagas\/([0-9a-fA-F-]{36})\/?$/,
  async resolve([, id], deps) {
    const job = id ? await findJob(deps.db, id) : null
    if (!job?.open) return 'not-found'
    const place = job.remoto
      ? 'Remoto'
      : job.cidade && job.estado
        ? `${job.cidade}/${job.estado}`
        : job.estado
    const facts = [job.tipo, job.nivel, job.modalidade, place].filter(Boolean).join(' · ')
    return {
      title: `${job.titulo} — ${job.empresa} | JusConecta`,
      description: `${facts}. ${job.descricao}`,
      type: 'article',
    }
  },
}
