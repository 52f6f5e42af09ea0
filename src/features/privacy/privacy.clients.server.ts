import type { Executor } from '../../db/client.server'
import { getClientAnonymizer } from './erasure-hooks.server'
import { ANONYMIZED_CLIENT_NAME, type AnonymizedClient } from './privacy.schema'

/**
 * Erases a client's personal data for good (LGPD art. 18, IV and VI) through its owner (clients, wired by the
 * shell: erasure-hooks.server.ts): name, CPF/CNPJ, contacts, address, birth date, profession, qualification
 * and notes. The row itself stays, so the office's cases, amounts and financial entries keep pointing at it
 * and show 'Cliente anonimizado'; the answer counts those cases. Another office's client (or a missing id)
 * answers null: the caller turns that into a 404.
 */
export async function anonymizeClient(
  tx: Executor,
  officeId: string,
  clientId: string,
): Promise<AnonymizedClient | null> {
  const anonymizer = getClientAnonymizer()
  const erased = await anonymizer.erase(tx, officeId, clientId, ANONYMIZED_CLIENT_NAME)
  if (!erased) return null
  return { ...erased, casesCount: await anonymizer.countCases(tx, officeId, clientId) }
}
