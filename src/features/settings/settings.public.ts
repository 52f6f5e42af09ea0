// The settings feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export { useApplyUserLanguage } from './use-settings'
// Issue 26: the Portal do Cliente offers its clients the same optional two-factor setup.
export { TwoFactorCard } from './two-factor-card'
