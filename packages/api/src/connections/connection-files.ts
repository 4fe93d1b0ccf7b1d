type ConnectionFiles = { photos: string[]; voiceNoteUrl: string | null }

/** Every stored file a connection refers to. */
export function filesOf(connection: ConnectionFiles | null): string[] {
  if (!connection) return []
  return [...connection.photos, ...(connection.voiceNoteUrl ? [connection.voiceNoteUrl] : [])]
}

/** Stored files the connection referenced before a change and no longer does after it. */
export function filesNoLongerReferenced(
  before: ConnectionFiles,
  after: ConnectionFiles | null,
): string[] {
  const kept = new Set(filesOf(after))
  return filesOf(before).filter((path) => !kept.has(path))
}
