// Kept apart from the schemas: the signed-in app's first chunks read them, and should not carry
// zod.

export const CONNECTION_TYPES = ['SA', 'JV', 'MA', 'IC', 'RF'] as const
export type ConnectionType = (typeof CONNECTION_TYPES)[number]

export const CONNECTION_TYPE_LABELS: Record<ConnectionType, string> = {
  SA: 'Strategic Alliance',
  JV: 'Joint Venture',
  MA: 'Mastermind Alliance',
  IC: 'Inner Circle Connection',
  RF: 'Raving Fan',
}
