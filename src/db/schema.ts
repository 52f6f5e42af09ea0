// Every Drizzle table, gathered for the client and drizzle-kit. Each feature owns its own tables.
export * from '../features/reference/reference.table'
export * from '../features/auth/auth.table'
export * from '../features/profiles/profiles.table'
export * from '../features/offices/offices.table'
