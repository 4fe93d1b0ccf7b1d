import type { PublicUser, StoredObject } from '@fiveconnect/db'

/**
 * Who may read a stored object: its owner; any signed-in user for event logos (every event card
 * shows one); admins for profile photos (the user screens). Everyone else is told it does not exist.
 */
export function canReadObject(
  user: Pick<PublicUser, 'id' | 'role'> | null,
  object: Pick<StoredObject, 'ownerId' | 'kind'>,
): boolean {
  if (!user || object.kind === 'upload') return false
  if (object.ownerId === user.id || object.kind === 'event_logo') return true
  return user.role === 'admin' && object.kind === 'profile_photo'
}
