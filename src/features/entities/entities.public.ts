// The entities feature's browser surface: what other features (the dashboard home) may use of it.
export { EntityPanel } from './entity-panel'
export { StudentPanel } from './student-panel'
export { entityKeys } from './use-entities'
export { entityHref } from './panel-ui'
export type { FeaturedEntitiesResponse, FeaturedEntity, TipoEntidade } from './entities.schema'
