import { asc, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { profiles } from '../profiles/profiles.table.server'
import {
  lawyerCertifications,
  lawyerEducation,
  lawyerEvents,
  lawyerLanguages,
  lawyerPracticeAreas,
  lawyerPublications,
  lawyerServices,
  lawyerSuccessCases,
} from '../profiles/lawyer-collections.table.server'
import type { PublicProfileDto } from './directory.schema'
import { findPublicLawyer, toCards } from './directory.service.server'

const toNumber = (value: string | null) => (value === null ? null : Number(value))

/**
 * The public profile (/advogados/:slug): the card plus the lawyer's public CV. Only what the lawyer put
 * on their profile to be seen; never e-mail or phone. null when private or unknown (→ 404).
 */
export async function getPublicProfile(db: Database, slug: string): Promise<PublicProfileDto | null> {
  const row = await findPublicLawyer(db, slug)
  if (!row) return null
  const userId = row.user_id
  const [
    [card],
    [extra],
    practiceAreas,
    languages,
    services,
    education,
    certifications,
    publications,
    events,
    successCases,
  ] = await Promise.all([
    toCards(db, [row]),
    db
      .select({
        bio: profiles.bioProfissional,
        anos: profiles.anosExperiencia,
        min: profiles.faixaHonorariosMin,
        max: profiles.faixaHonorariosMax,
        mostrar: profiles.mostrarHonorarios,
        linkedinUrl: profiles.linkedinUrl,
        website: profiles.sitePessoal,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    db
      .select({ area: lawyerPracticeAreas.area, principal: lawyerPracticeAreas.principal })
      .from(lawyerPracticeAreas)
      .where(eq(lawyerPracticeAreas.userId, userId))
      .orderBy(desc(lawyerPracticeAreas.principal), asc(lawyerPracticeAreas.area)),
    db
      .select({ idioma: lawyerLanguages.idioma, nivel: lawyerLanguages.nivel })
      .from(lawyerLanguages)
      .where(eq(lawyerLanguages.userId, userId))
      .orderBy(asc(lawyerLanguages.createdAt)),
    db
      .select({
        titulo: lawyerServices.titulo,
        descricao: lawyerServices.descricao,
        modalidade: lawyerServices.modalidade,
        valorMin: lawyerServices.valorMin,
        valorMax: lawyerServices.valorMax,
      })
      .from(lawyerServices)
      .where(eq(lawyerServices.userId, userId))
      .orderBy(asc(lawyerServices.createdAt)),
    db
      .select({
        instituicao: lawyerEducation.instituicao,
        curso: lawyerEducation.curso,
        grau: lawyerEducation.grau,
        anoInicio: lawyerEducation.anoInicio,
        anoConclusao: lawyerEducation.anoConclusao,
      })
      .from(lawyerEducation)
      .where(eq(lawyerEducation.userId, userId))
      .orderBy(desc(lawyerEducation.anoInicio)),
    db
      .select({
        nome: lawyerCertifications.nome,
        emissor: lawyerCertifications.emissor,
        ano: lawyerCertifications.ano,
        url: lawyerCertifications.url,
      })
      .from(lawyerCertifications)
      .where(eq(lawyerCertifications.userId, userId))
      .orderBy(asc(lawyerCertifications.createdAt)),
    db
      .select({
        titulo: lawyerPublications.titulo,
        veiculo: lawyerPublications.veiculo,
        ano: lawyerPublications.ano,
        url: lawyerPublications.url,
      })
      .from(lawyerPublications)
      .where(eq(lawyerPublications.userId, userId))
      .orderBy(asc(lawyerPublications.createdAt)),
    db
      .select({
        nome: lawyerEvents.nome,
        tipo: lawyerEvents.tipo,
        data: lawyerEvents.data,
        local: lawyerEvents.local,
        descricao: lawyerEvents.descricao,
      })
      .from(lawyerEvents)
      .where(eq(lawyerEvents.userId, userId))
      .orderBy(desc(lawyerEvents.data)),
    db
      .select({
        titulo: lawyerSuccessCases.titulo,
        area: lawyerSuccessCases.area,
        descricao: lawyerSuccessCases.descricao,
        resultado: lawyerSuccessCases.resultado,
        ano: lawyerSuccessCases.ano,
      })
      .from(lawyerSuccessCases)
      .where(eq(lawyerSuccessCases.userId, userId))
      .orderBy(asc(lawyerSuccessCases.createdAt)),
  ])
  if (!card || !extra) return null
  const hasFees = extra.min !== null || extra.max !== null
  return {
    ...card,
    userId,
    bio: extra.bio,
    yearsOfExperience: extra.anos,
    fees: extra.mostrar && hasFees ? { min: toNumber(extra.min), max: toNumber(extra.max) } : null,
    linkedinUrl: extra.linkedinUrl,
    website: extra.website,
    practiceAreas,
    languages,
    services,
    education,
    certifications,
    publications,
    events,
    successCases,
  }
}
