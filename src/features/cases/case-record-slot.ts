import type { ReactNode } from 'react'
import { createSlot } from '../../components/slot'

/**
 * The case record around its form: the features above cases (publications' tabs, documents, agenda, templates)
 * add their parts here, wired by the shell (src/app/feature-slots.tsx), so cases imports none of them.
 */
export interface CaseRecordParts {
  caseId: string
  caseLabel: string
  client: { id: string; label: string } | null
  /** The case form itself. */
  children: ReactNode
}

export const caseRecordSlot = createSlot<CaseRecordParts>('case-record')
