// The admin feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export { SimulationBanner } from './simulation'
export { AdminShell } from './admin-shared'
