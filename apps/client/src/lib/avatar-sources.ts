import type { ConnectionItem } from '../api/router-types.ts'

/** Avatar priority of SPEC section 2: first photo, then the person's profile image, then initials. */
export function avatarSourcesOf(connection: ConnectionItem) {
  return [connection.photos[0], connection.person.profileImageUrl]
}
