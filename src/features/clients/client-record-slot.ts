import type { ReactNode } from 'react'
import { createSlot } from '../../components/slot'

/**
 * The client record around its form: documents, templates, agenda and privacy (anonymisation) add their parts
 * here, wired by the shell (src/app/feature-slots.tsx), so clients imports none of them.
 */
export interface ClientRecordParts {
  /** email: the portal's 'Convidar' needs one (issue 26). */
  client: { id: string; nomeCompleto: string; email: string | null }
  /** Closes the record (after an anonymisation). */
  onDone: () => void
  /** The client form itself. */
  children: ReactNode
}

export const clientRecordSlot = createSlot<ClientRecordParts>('client-record')
