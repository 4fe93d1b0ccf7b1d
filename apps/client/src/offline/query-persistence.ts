import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query'
import { createStore, del, get, set } from 'idb-keyval'
import { CAPTURE_MEMORY_KEY } from '../lib/capture-memory.ts'
import { HAS_SAVED_DATA } from './saved-data-flag.ts'

const idb = createStore('fiveconnect-cache', 'queries')
const CACHE_KEY = 'query-cache'
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
const SAVE_EVERY_MS = 1000

type SavedCache = { savedAt: number; state: ReturnType<typeof dehydrate> }

const isCurrentUserQuery = (queryKey: readonly unknown[]) =>
  JSON.stringify(queryKey[0]) === JSON.stringify(['auth', 'me'])

/** Puts the answers saved on an earlier visit back in the cache, unless they are a month old. */
export async function restoreQueryCache(queryClient: QueryClient) {
  const saved = await get<SavedCache>(CACHE_KEY, idb).catch(() => undefined)
  if (saved && Date.now() - saved.savedAt < MAX_AGE_MS) hydrate(queryClient, saved.state)
}

/**
 * Saves the cache's answers to IndexedDB at most once a second while a user is signed in, and
 * forgets them once nobody is.
 */
export function persistQueryCache(queryClient: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const save = async () => {
    timer = undefined
    const state = dehydrate(queryClient)
    const isSignedIn = state.queries.some(
      (query) => isCurrentUserQuery(query.queryKey) && query.state.data,
    )
    if (!isSignedIn) return forgetSavedData()
    await set(CACHE_KEY, { savedAt: Date.now(), state } satisfies SavedCache, idb)
    localStorage.setItem(HAS_SAVED_DATA, '1')
  }
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return
    timer ??= setTimeout(() => void save().catch(() => {}), SAVE_EVERY_MS)
  })
}

/** Signing out: nothing of the user's stays readable on the device. */
export async function forgetSavedData() {
  localStorage.removeItem(HAS_SAVED_DATA)
  localStorage.removeItem(CAPTURE_MEMORY_KEY)
  await del(CACHE_KEY, idb)
}
