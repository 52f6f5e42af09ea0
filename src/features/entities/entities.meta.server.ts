import type { PageMetaProvider } from '../../platform/page-meta.server'
import { getEntityPage } from './entities.service.server'

const TIPO_LABEL = {
  escritorio: 'Escritório',
  empresa: 'Empresa',
  orgao_publico: 'Órgão Público',
  ong: 'ONG',
  sindicato: 'Sindicato',
} as const

/** /entidades/:slug → the entity's name, type, place and bio in the served HTML (public entities only). */
export const entityPageMeta: PageMetaProvider = {
  pattern: /^\/entidades\/([a-z0-9-]{1,120})\/?$/,
  async resolve([, slug], deps) {
    const page = slug ? await getEntityPage(deps.db, slug) : undefined
    if (!page) return 'not-found'
    const { entity, jobs } = page
    const place = entity.cidade && entity.uf ? `${entity.cidade}/${entity.uf}` : entity.uf
    const openJobs = jobs.length === 1 ? '1 vaga aberta' : `${jobs.length} vagas abertas`
    const facts = [entity.tipoEntidade ? TIPO_LABEL[entity.tipoEntidade] : null, place, openJobs]
      .filter(Boolean)
      .join(' · ')
    return {
      title: `${entity.nome} — ${facts} | JusConecta`,
      description: entity.bio
        ? `${facts}. ${entity.bio}`
        : `${facts}. Veja a entidade e suas vagas no JusConecta.`,
      image: entity.avatarUrl,
      type: 'profile',
    }
  },
}
