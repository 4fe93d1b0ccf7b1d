import { MAX_IMAGE_BYTES } from '@fiveconnect/api/server'
import { localUpload } from '../../files/local-upload-route.ts'
import { storedObject, storedVoiceNote } from '../../files/object-routes.ts'
import { LOCAL_UPLOAD_PREFIX } from '../../files/storage/local-storage.ts'
import type { RestRoute } from '../route.ts'

/** A size in bytes as the documents say it: 5 MB. */
export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/** A route that takes a file: it limits its body itself, and may take longer than the deadline. */
export const FILE_ROUTE = { exemptFrom: ['bodyLimit', 'deadline'] } satisfies Partial<RestRoute>

export const OVER_UPLOAD_QUOTA = { description: 'Over the daily upload quota.' }

/** SPEC section 7: the upload and confirmation calls, and reading stored files. */
export const fileRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/api/objects/upload',
    summary: 'Get a URL to upload an image to',
    description:
      'PUT the image to the answered `uploadURL`, then confirm it with one of the calls below.',
    tag: 'Files',
    access: 'user',
    procedure: 'uploads.createUploadUrl',
    success: { status: 200, media: 'json' },
    otherStatuses: { 429: OVER_UPLOAD_QUOTA },
  },
  {
    method: 'put',
    path: `${LOCAL_UPLOAD_PREFIX}incoming/{id}`,
    summary: 'Upload an image to a signed URL (local storage)',
    description:
      'The URL `POST /api/objects/upload` answers when files are stored on the server’s disk; with S3 it is the bucket’s own.',
    tag: 'Files',
    access: 'link',
    requestBody: {
      description: `The image (at most ${megabytes(MAX_IMAGE_BYTES)}).`,
      required: true,
      content: { 'image/*': { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
    query: {
      expires: { description: 'From the signed URL.', required: true },
      signature: { description: 'From the signed URL.', required: true },
    },
    success: { status: 200, media: 'none', description: 'Stored.' },
    otherStatuses: {
      403: { description: 'The link has expired, is not valid, or was used.' },
      413: { description: `The image is larger than ${megabytes(MAX_IMAGE_BYTES)}.` },
    },
    serve: localUpload,
    ...FILE_ROUTE,
  },
  {
    method: 'put',
    path: '/api/connection-photos',
    summary: 'Confirm an uploaded connection photo',
    tag: 'Files',
    access: 'user',
    procedure: 'uploads.confirmConnectionPhoto',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/profile/photo',
    summary: 'Confirm an uploaded profile photo',
    tag: 'Files',
    access: 'user',
    procedure: 'uploads.confirmProfilePhoto',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  {
    method: 'put',
    path: '/api/event-logos',
    summary: 'Confirm an uploaded event logo',
    tag: 'Files',
    access: 'admin',
    procedure: 'uploads.confirmEventLogo',
    input: 'body',
    success: { status: 200, media: 'json' },
  },
  ...(['get', 'head'] as const).flatMap((method) =>
    (
      [
        ['/objects/{id}', storedObject],
        // The voice-note player's: one route reads the id wherever it stands in the path.
        ['/api/voice-notes/{id}', storedVoiceNote],
        ['/api/voice-notes/uploads/{id}', storedVoiceNote],
      ] as const
    ).map(([path, serve]): RestRoute => ({
      method,
      path,
      ...(serve === storedVoiceNote && { servedAt: '/api/voice-notes/*' }),
      summary: `${method === 'get' ? 'Read' : 'Check'} a stored file${path.includes('voice') ? ' (a voice note)' : ''}`,
      description:
        'For the people allowed to see it; anyone else gets the same 404 as for a missing file. Supports Range requests and If-None-Match.',
      tag: 'Files',
      access: 'public',
      success: { status: 200, media: 'stored-file' },
      otherStatuses: {
        206: { description: 'The requested range.', media: 'stored-file' },
        304: { description: 'Not modified.', media: 'none' },
        404: { description: 'No such file, or not yours to see.' },
        416: { description: 'The range is outside the file.' },
      },
      serve,
    })),
  ),
]
