// The prazos feature's browser surface: the trail view the agenda reuses for its 'Calcular prazo'.
export { DeadlineResult } from './deadline-trail'
export { DeadlineResult as DeadlineTrail } from './deadline-trail'
