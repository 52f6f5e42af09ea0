import { createSlot } from '../../components/slot'

/** The privacy (LGPD) card at the bottom of Configurações, wired by the shell (src/app/feature-slots.tsx). */
export const privacyCardSlot = createSlot<object>('settings-privacy-card')
