import { createSlot } from '../../components/slot'

/** The network's 'Networking' tab on the profile page, wired by the shell (src/app/feature-slots.tsx). */
export const networkingTabSlot = createSlot<{ userType: 'advogado' | 'estudante' | 'entidade' }>(
  'profile-networking-tab',
)
