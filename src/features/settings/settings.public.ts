// The settings feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export { useApplyUserLanguage } from './use-settings'
