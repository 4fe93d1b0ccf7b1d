import type { AppRouter } from '@fiveconnect/api'
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'

type Outputs = inferRouterOutputs<AppRouter>
type Inputs = inferRouterInputs<AppRouter>

/** The shapes the screens read, straight from the real procedures. */
export type ConnectionItem = Outputs['connections']['list']['items'][number]
export type HomeSummary = Outputs['home']['summary']
export type ConnectionSearchResult = Outputs['connections']['search']['items'][number]
/** A text with the searched words marked, as the search answers it. */
export type Segments = NonNullable<ConnectionSearchResult['highlights']['name']>
export type PersonResult = Outputs['people']['search'][number]
export type PersonMatch = Outputs['people']['listDuplicates'][number]
export type EventItem = Outputs['events']['list']['items'][number]
export type JoinedEvent = Outputs['events']['listJoined']['items'][number]
export type AdminUser = Outputs['admin']['listUsers']['items'][number]
export type AdminStats = Outputs['admin']['stats']
export type UpdateConnectionValues = Inputs['connections']['update']
