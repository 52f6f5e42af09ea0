// Reference data from @brazilian-utils/brazilian-utils (MIT License, Copyright (c) 2018 Hyan Mandian;
// full notice in THIRD_PARTY_NOTICES.md), itself taken from IBGE's public localities service.
import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { cidade, estado } from './reference.table.server'

const BATCH_SIZE = 1000

/** Idempotent: inserts what is missing and leaves existing rows alone, so it runs at every start. */
export async function seedReferenceData(db: Database): Promise<void> {
  const [counts] = (
    await db.execute<{ estados: number; cidades: number }>(
      sql`select (select count(*)::int from estado) as estados, (select count(*)::int from cidade) as cidades`,
    )
  ).rows
  const states = getStates()
  const municipalities = getMunicipalities()
  if (counts?.estados === states.length && counts.cidades === municipalities.length) return

  const stateIdBySigla = new Map(states.map((state) => [state.code, state.ibgeCode]))
  await db.transaction(async (tx) => {
    await tx
      .insert(estado)
      .values(states.map((state) => ({ id: state.ibgeCode, nome: state.name, sigla: state.code })))
      .onConflictDoNothing()
    for (let start = 0; start < municipalities.length; start += BATCH_SIZE) {
      const rows = municipalities.slice(start, start + BATCH_SIZE).map((municipality) => {
        const stateId = stateIdBySigla.get(municipality.stateCode)
        if (stateId === undefined) throw new Error(`Estado desconhecido: ${municipality.stateCode}`)
        return { id: Number(municipality.code), nome: municipality.name, estado: stateId }
      })
      await tx.insert(cidade).values(rows).onConflictDoNothing()
    }
  })
}
