// s3rver ships no types; this is the part the soak uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  type S3rverOptions = {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
