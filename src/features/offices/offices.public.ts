// The offices feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
// Server code imports this file too (the matrix), so no React component here: see offices.ui.public.ts.
export type { NivelAcesso } from './permissions'
export { accessLevel, can } from './permissions'
export { NIVEIS_ACESSO } from './offices.schema'
