/**
 * Procedures of the API contract (docs: notes/api-contract.md) that AppRouter does not declare yet:
 * the api and files branches are building them. Calls go through the same tRPC client with tRPC's own
 * query keys, so once the routers land each hook becomes `trpc.<path>.useQuery()` and nothing else
 * changes. Types mirror the contract's shapes.
 */
import type { User } from '@fiveconnect/api/schemas'
import type { AppRouter } from '@fiveconnect/api'
import { queryOptions, useMutation, useQuery, type UseMutationOptions } from '@tanstack/react-query'
import { getUntypedClient, TRPCUntypedClient, type TRPCClient } from '@trpc/client'
import { trpc } from '../lib/trpc.ts'

export type ConnectionTypeKey = 'SA' | 'JV' | 'MA' | 'IC' | 'RF'

export type Person = {
  id: string
  firstName: string
  lastName: string
  email: string | null
  mobile: string | null
  company: string | null
  linkedin: string | null
  website: string | null
  profileImageUrl: string | null
  hasUserProfile: boolean
  title: string | null
  location: string | null
  createdAt: Date
  updatedAt: Date
}

export type EventSummary = {
  id: string
  title: string
  startDateTime: Date
  endDateTime: Date | null
  location: string | null
  logoUrl: string | null
}

export type AppEvent = EventSummary & {
  description: string | null
  createdBy: string
  createdAt: Date
  updatedAt: Date
}

export type EventListItem = AppEvent & { isJoined: boolean; connectionCount: number }

export type Connection = {
  id: string
  eventId: string | null
  personId: string
  authorId: string
  connectionTypes: ConnectionTypeKey[]
  connectionFocus: string | null
  notes: string | null
  photos: string[]
  voiceNoteUrl: string | null
  voiceNoteTranscription: string | null
  /** YYYY-MM-DD */
  followUpOn: string | null
  followUpDone: boolean
  createdAt: Date
  updatedAt: Date
  person: Person
  event: EventSummary | null
}

export type ProfileUpdateInput = {
  firstName: string
  lastName: string
  mobile: string | null
  company: string | null
  linkedin: string | null
  website: string | null
  profileImageUrl: string | null
}

type Queries = {
  'connections.list': Connection[]
  'events.list': EventListItem[]
  'events.listJoined': AppEvent[]
}

type Mutations = {
  'events.join': { input: { id: string }; output: { ok: true } }
  'events.leave': { input: { id: string }; output: { ok: true } }
  'profile.update': { input: ProfileUpdateInput; output: User }
  'uploads.createUploadUrl': { input: void; output: { uploadURL: string } }
  'uploads.confirmProfilePhoto': {
    input: { profileImageUrl: string }
    output: { objectPath: string }
  }
}

export type ContractQueryPath = keyof Queries

/** tRPC's key for a query without input, so invalidation works the same before and after the switch. */
export function contractQueryKey(path: ContractQueryPath) {
  return [path.split('.'), { type: 'query' }] as const
}

type AnyTrpcClient = TRPCClient<AppRouter> | TRPCUntypedClient<AppRouter>

function untyped(client: AnyTrpcClient) {
  return client instanceof TRPCUntypedClient ? client : getUntypedClient(client)
}

function useUntypedClient() {
  return untyped(trpc.useUtils().client)
}

/** For loaders (prefetch) and hooks alike. */
export function contractQueryOptions<P extends ContractQueryPath>(client: AnyTrpcClient, path: P) {
  return queryOptions({
    queryKey: contractQueryKey(path),
    queryFn: () => untyped(client).query(path) as Promise<Queries[P]>,
  })
}

export function useContractQuery<P extends ContractQueryPath>(path: P) {
  return useQuery(contractQueryOptions(trpc.useUtils().client, path))
}

export function useContractMutation<P extends keyof Mutations>(
  path: P,
  options: Omit<
    UseMutationOptions<Mutations[P]['output'], Error, Mutations[P]['input']>,
    'mutationFn'
  > = {},
) {
  const client = useUntypedClient()
  return useMutation({
    mutationKey: [path.split('.')],
    mutationFn: (input: Mutations[P]['input']) =>
      client.mutation(path, input) as Promise<Mutations[P]['output']>,
    ...options,
  })
}
