// The platform-settings feature's browser-safe surface.
export { PlatformFrame, SignupsClosedNotice } from './platform-frame'
export { usePublicPlatform } from './use-platform-settings'
export type { PublicPlatformInfo } from './platform-settings.schema'
