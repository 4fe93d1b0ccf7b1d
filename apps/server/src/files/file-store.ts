import type { FileStore } from '@fiveconnect/api'
import { assertObjectsOwned, releaseObjects, type FilesContext } from '@fiveconnect/api/server'

/** The domain's view of stored files (ownership checks and clean-up), backed by the real storage. */
export function createFileStore(ctx: FilesContext): FileStore {
  return {
    assertOwned: (paths, ownerId) => assertObjectsOwned(ctx, { ownerId, urls: paths }),
    release: async (paths, ownerId) => {
      await releaseObjects(ctx, { ownerId, urls: paths })
    },
  }
}
