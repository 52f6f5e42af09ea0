import { createSlot } from '../../components/slot'

/** The privacy (LGPD) card at the bottom of Configurações, wired by the shell (src/app/feature-slots.tsx). */
export const privacyCardSlot = createSlot<object>('settings-privacy-card')

/**
 * The directory's 'Perfil público' card below the preferences form, wired by the shell: the directory (the
 * network, above the office modules) shows it here, settings never imports it.
 */
export const directoryCardSlot = createSlot<object>('settings-directory-card')
