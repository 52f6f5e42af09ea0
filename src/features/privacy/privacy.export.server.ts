import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { auditLog } from '../audit/audit.table.server'
import { accounts, sessions, users } from '../auth/auth.table.server'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers, offices } from '../offices/offices.table.server'
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
import { profiles } from '../profiles/profiles.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import { signInEvents, userSettings } from '../settings/settings.table.server'
import { readPersonalDataSections } from './erasure-hooks.server'
import { accountDeletions } from './privacy.table.server'

/** Bumped when the shape of the export changes, so a reader can tell versions apart. */
export const EXPORT_FORMAT_VERSION = 1

/**
 * Everything the platform holds about one person (LGPD art. 18, II: access; V: portability), read in
 * one repeatable-read snapshot. Secrets never leave: no password hash, session token, OAuth token, TOTP
 * seed, backup code nor calendar-feed token hash — the columns are chosen one by one, never `select *`
 * on a table that has one. Rows of other people are excluded by the user_id filter of every query.
 */
export async function buildPersonalDataExport(db: Database, userId: string, now = new Date()) {
  return db.transaction(
    async (tx) => {
      const [user] = await tx
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          emailVerified: users.emailVerified,
          image: users.image,
          twoFactorEnabled: users.twoFactorEnabled,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
      return {
        formatVersion: EXPORT_FORMAT_VERSION,
        generatedAt: now.toISOString(),
        legalBasis: 'Lei 13.709/2018 (LGPD), art. 18, incisos II e V',
        user: user ?? null,
        twoFactorEnabled: user?.twoFactorEnabled === true,
        roles: await tx
          .select({ role: userRoles.role, createdAt: userRoles.createdAt })
          .from(userRoles)
          .where(eq(userRoles.userId, userId)),
        profile: (await tx.select().from(profiles).where(eq(profiles.userId, userId)))[0] ?? null,
        lawyerCollections: {
          practiceAreas: await tx
            .select()
            .from(lawyerPracticeAreas)
            .where(eq(lawyerPracticeAreas.userId, userId)),
          languages: await tx.select().from(lawyerLanguages).where(eq(lawyerLanguages.userId, userId)),
          services: await tx.select().from(lawyerServices).where(eq(lawyerServices.userId, userId)),
          education: await tx.select().from(lawyerEducation).where(eq(lawyerEducation.userId, userId)),
          certifications: await tx
            .select()
            .from(lawyerCertifications)
            .where(eq(lawyerCertifications.userId, userId)),
          publications: await tx
            .select()
            .from(lawyerPublications)
            .where(eq(lawyerPublications.userId, userId)),
          successCases: await tx
            .select()
            .from(lawyerSuccessCases)
            .where(eq(lawyerSuccessCases.userId, userId)),
          events: await tx.select().from(lawyerEvents).where(eq(lawyerEvents.userId, userId)),
        },
        settings: (await tx.select().from(userSettings).where(eq(userSettings.userId, userId)))[0] ?? null,
        // Sign-in methods, without the credential itself.
        accounts: await tx
          .select({
            providerId: accounts.providerId,
            createdAt: accounts.createdAt,
            updatedAt: accounts.updatedAt,
          })
          .from(accounts)
          .where(eq(accounts.userId, userId)),
        sessions: await tx
          .select({
            id: sessions.id,
            createdAt: sessions.createdAt,
            updatedAt: sessions.updatedAt,
            expiresAt: sessions.expiresAt,
            ipAddress: sessions.ipAddress,
            userAgent: sessions.userAgent,
          })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.createdAt)),
        signInHistory: await tx
          .select({
            createdAt: signInEvents.createdAt,
            method: signInEvents.method,
            success: signInEvents.success,
            ip: signInEvents.ip,
            userAgent: signInEvents.userAgent,
          })
          .from(signInEvents)
          .where(eq(signInEvents.userId, userId))
          .orderBy(asc(signInEvents.createdAt)),
        memberships: await tx
          .select({
            officeId: officeMembers.officeId,
            officeNome: offices.nome,
            nivelAcesso: officeMembers.nivelAcesso,
            ativo: officeMembers.ativo,
            nomeCompleto: officeMembers.nomeCompleto,
            email: officeMembers.email,
            telefone: officeMembers.telefone,
            cargo: officeMembers.cargo,
            oabNumero: officeMembers.oabNumero,
            oabUf: officeMembers.oabUf,
            dataAdmissao: officeMembers.dataAdmissao,
            especialidades: officeMembers.especialidades,
            observacoes: officeMembers.observacoes,
            createdAt: officeMembers.createdAt,
            lastSeenAt: officeMembers.lastSeenAt,
          })
          .from(officeMembers)
          .innerJoin(offices, eq(offices.id, officeMembers.officeId))
          .where(eq(officeMembers.userId, userId))
          .orderBy(asc(officeMembers.createdAt)),
        notifications: await tx
          .select({
            title: notifications.title,
            message: notifications.message,
            type: notifications.type,
            link: notifications.link,
            officeId: notifications.officeId,
            readAt: notifications.readAt,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.createdAt)),
        // The office modules' sections (timeEntries, calendarFeeds…), each read by its owner
        // (erasure-hooks.server.ts, registered by the shell).
        ...(await readPersonalDataSections(tx, userId)),
        auditAsActor: await tx
          .select({
            officeId: auditLog.officeId,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            details: auditLog.details,
            ip: auditLog.ip,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .where(eq(auditLog.actorUserId, userId))
          .orderBy(asc(auditLog.createdAt)),
        accountDeletion:
          (
            await tx
              .select({
                requestedAt: accountDeletions.requestedAt,
                scheduledFor: accountDeletions.scheduledFor,
              })
              .from(accountDeletions)
              .where(eq(accountDeletions.userId, userId))
          )[0] ?? null,
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** The owners' sections (timeEntries, calendarFeeds…) are typed by their owners; here they are any JSON. */
export type PersonalDataExport = Awaited<ReturnType<typeof buildPersonalDataExport>> & Record<string, unknown>
