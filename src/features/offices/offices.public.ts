// The offices feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export type { NivelAcesso } from './permissions'
