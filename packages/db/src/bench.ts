// What the benchmark needs beyond the app's own queries: bulk loading, query plans and scratch
// databases. Kept out of the main entry so the app never imports it.
export * from './queries/bulk.ts'
export * from './queries/explain.ts'
export * from './scratch-database.ts'
export * from './queries/captured-statements.ts'
