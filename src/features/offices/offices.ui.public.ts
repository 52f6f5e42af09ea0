// The offices feature's components for other features' screens (browser only). Apart from offices.public.ts
// because server code imports that one, and must not load React for it.
export { OfficeSwitcher } from './office-switcher'
