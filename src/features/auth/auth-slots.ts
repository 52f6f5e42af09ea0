import { createSlot } from '../../components/slot'

/** Above the sign-up form: the platform's notice while new sign-ups are off (filled by src/app/feature-slots.tsx). */
export const signUpNoticeSlot = createSlot<object>('auth-sign-up-notice')
