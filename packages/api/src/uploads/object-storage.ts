/** Size and freshness of a stored object. */
export type ObjectStat = { size: number; lastModified: Date }

/** Inclusive byte positions, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number }

/**
 * Private object storage, implemented by the server (local files or S3). Keys are chosen by the
 * server only; see object-keys.ts.
 */
export type ObjectStorage = {
  /** A URL the client PUTs the raw bytes of one object to; it expires. */
  createUploadUrl: (key: string) => Promise<string>
  /** undefined when there is no such object. */
  stat: (key: string) => Promise<ObjectStat | undefined>
  read: (key: string, range?: ByteRange) => Promise<ReadableStream<Uint8Array>>
  write: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>
  /** Moves an object to a key no upload URL can write to. */
  move: (from: string, to: string) => Promise<void>
  /** Removes the object; a missing object is not an error. */
  delete: (key: string) => Promise<void>
}
