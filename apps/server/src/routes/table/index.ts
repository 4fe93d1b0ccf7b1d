import type { RestRoute } from '../route.ts'
import { accountRoutes } from './account.ts'
import { adminRoutes } from './admin.ts'
import { authRoutes } from './auth.ts'
import { connectionRoutes } from './connections.ts'
import { eventRoutes } from './events.ts'
import { exportRoutes } from './exports.ts'
import { fileRoutes } from './files.ts'
import { peopleRoutes } from './people.ts'
import { profileRoutes } from './profile.ts'
import { referenceRoutes } from './reference.ts'
import { voiceNoteRoutes } from './voice-notes.ts'

/**
 * Every REST route the server answers (SPEC section 7 and FiveConnect's own), one entry each: the
 * app serves this table (mount.ts) and the OpenAPI document describes it (openapi/document.ts), in
 * this order. The CardDAV address book (dav/) is another protocol and is mounted beside it.
 */
export const restRoutes: RestRoute[] = [
  ...referenceRoutes,
  ...authRoutes,
  ...connectionRoutes,
  ...voiceNoteRoutes,
  ...peopleRoutes,
  ...eventRoutes,
  ...profileRoutes,
  ...accountRoutes,
  ...adminRoutes,
  ...exportRoutes,
  ...fileRoutes,
]
