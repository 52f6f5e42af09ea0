import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { hashPassword } from 'better-auth/crypto'
import type { DbHandle } from '../../src/db/client.server'
import { signUpSchema } from '../../src/features/auth/auth.schema'
import { accounts, users } from '../../src/features/auth/auth.table.server'
import { createAccount } from '../../src/features/auth/signup.service.server'
// createAccount's steps (profile, office, welcome) and auth's event log are wired by the shell's hooks.
import '../../src/server/feature-hooks.server'
import { seedCases } from '../../src/features/cases/cases.seed.server'
import { seedClients } from '../../src/features/clients/clients.seed.server'
import { officeMembers } from '../../src/features/offices/offices.table.server'
import { profiles } from '../../src/features/profiles/profiles.table.server'
import { userRoles } from '../../src/features/auth/user-roles.table.server'

// The offices and people of bench/load.ts: N offices, each with one sócio (a real sign-up, createAccount) and
// its associados (accounts inserted directly with one shared password hash: 200 scrypt runs would cost the
// set-up a minute of CPU and measure nothing), seeded clients, cases and agenda events.

export const LOAD_PASSWORD = 'bench-carga-123'

export interface LoadOffice {
  id: string
  /** A few of its clients, for record views and new cases. */
  clientIds: string[]
}

export interface LoadUser {
  email: string
  office: number
}

export interface LoadSeedOptions {
  offices: number
  usersPerOffice: number
  clientsPerOffice: number
  casesPerOffice: number
  eventsPerOffice: number
}

const person = (email: string, name: string) =>
  signUpSchema.parse({
    userType: 'advogado',
    email,
    password: LOAD_PASSWORD,
    confirmPassword: LOAD_PASSWORD,
    nomeCompleto: name,
    telefone: '(11) 98765-4321',
    estadoId: 35,
    cidadeId: 3550308,
    oabNumero: '123456',
    oabEstado: 'SP',
  })

export async function seedLoadData(
  handle: DbHandle,
  options: LoadSeedOptions,
): Promise<{ offices: LoadOffice[]; users: LoadUser[] }> {
  const { db } = handle
  const passwordHash = await hashPassword(LOAD_PASSWORD)
  const offices: LoadOffice[] = []
  const people: LoadUser[] = []
  for (let index = 0; index < options.offices; index++) {
    const ownerEmail = `carga-socio-${index}@jusconecta.test`
    const { userId: ownerId } = await createAccount(db, person(ownerEmail, `Sócia Carga ${index}`))
    const [membership] = await db
      .select({ officeId: officeMembers.officeId })
      .from(officeMembers)
      .where(eq(officeMembers.userId, ownerId))
    if (!membership) throw new Error('escritório não criado')
    const officeId = membership.officeId
    people.push({ email: ownerEmail, office: index })

    const clientIds = await seedClients(db, {
      officeId,
      createdBy: ownerId,
      count: options.clientsPerOffice,
      spreadDays: 365,
    })
    await seedCases(db, {
      officeId,
      createdBy: ownerId,
      count: options.casesPerOffice,
      clientIds,
      spreadDays: 365,
    })
    // Events from two months back to two months ahead, a few a day, as a busy office's agenda looks.
    await db.execute(sql`
      insert into events (office_id, created_by, titulo, tipo, inicio)
      select ${officeId}, ${ownerId}, 'Compromisso ' || g, (array['audiencia', 'reuniao', 'lembrete'])[1 + g % 3],
             date_trunc('hour', now()) + ((g % 120) - 60) * interval '1 day' + (g % 9) * interval '1 hour'
        from generate_series(1, ${options.eventsPerOffice}::int) g`)

    const members = Array.from({ length: options.usersPerOffice - 1 }, (_, n) => ({
      id: randomUUID(),
      email: `carga-${index}-${n}@jusconecta.test`,
      name: `Associado Carga ${index}-${n}`,
    }))
    if (members.length > 0) {
      await db.transaction(async (tx) => {
        await tx
          .insert(users)
          .values(members.map((member) => ({ id: member.id, name: member.name, email: member.email })))
        await tx.insert(accounts).values(
          members.map((member) => ({
            id: randomUUID(),
            accountId: member.id,
            providerId: 'credential',
            userId: member.id,
            password: passwordHash,
          })),
        )
        await tx.insert(profiles).values(
          members.map((member) => ({
            userId: member.id,
            userType: 'advogado' as const,
            nomeCompleto: member.name,
            telefone: '11987654321',
            estadoId: 35,
            cidadeId: 3550308,
            oabNumero: '654321',
            oabEstado: 'SP',
          })),
        )
        await tx
          .insert(userRoles)
          .values(members.map((member) => ({ userId: member.id, role: 'user' as const })))
        // The trigger of migration 0015 fills the team record's name and e-mail from users.
        await tx.insert(officeMembers).values(
          members.map((member) => ({
            officeId,
            userId: member.id,
            nivelAcesso: 'associado' as const,
            selectedAt: new Date(),
          })),
        )
      })
    }
    people.push(...members.map((member) => ({ email: member.email, office: index })))
    // Active clients only: a new case may only point at one (a suspended client's would answer 400).
    const { rows: active } = await db.execute<{ id: string }>(
      sql`select id from clients where office_id = ${officeId} and status = 'ativo' and deleted_at is null
          order by created_at desc limit 50`,
    )
    offices.push({ id: officeId, clientIds: active.map((row) => row.id) })
  }
  await db.execute(sql`vacuum analyze`)
  return { offices, users: people }
}
