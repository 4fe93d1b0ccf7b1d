import {
  storeVoiceNoteOutput,
  transcribeConnectionOutput,
  transcribeVoiceOutput,
  type TranscribeConnectionOutput,
} from '@fiveconnect/api/schemas'
import { MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS } from '@fiveconnect/api/server'
import { storeVoiceNote, transcribeVoice } from '../../files/voice-note-routes.ts'
import type { RestRoute } from '../route.ts'
import { FILE_ROUTE, megabytes, OVER_UPLOAD_QUOTA } from './files.ts'

/** connections.transcribe's answer over REST, where the status code (202 while pending) is the state. */
const restTranscribeAnswer = transcribeConnectionOutput.omit({ state: true })

const recordingBody: RestRoute['requestBody'] = {
  description: `The recording as the form field \`audio\` (WebM, Ogg, MP4, MP3 or WAV; at most ${megabytes(MAX_AUDIO_BYTES)} and ${MAX_AUDIO_SECONDS / 60} minutes).`,
  required: true,
  content: {
    'multipart/form-data': {
      type: 'object',
      properties: { audio: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: ['audio'],
    },
  },
}

const tooLarge = { description: `The recording is larger than ${megabytes(MAX_AUDIO_BYTES)}.` }

/** Not in the SPEC: voice notes, kept with a connection, and their transcripts. */
export const voiceNoteRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/api/transcribe-voice',
    summary: 'Save a voice note and wait for its transcript',
    description:
      'Past the transcription time-out it answers an empty transcription with a reason; the transcript still lands on the voice note later.',
    tag: 'Voice notes',
    access: 'user',
    requestBody: recordingBody,
    success: { status: 200, media: 'json', schema: transcribeVoiceOutput },
    otherStatuses: {
      413: tooLarge,
      429: { description: 'Too many transcriptions, or over the daily upload quota.' },
    },
    serve: transcribeVoice,
    ...FILE_ROUTE,
  },
  {
    method: 'post',
    path: '/api/voice-notes',
    summary: 'Save a voice note',
    description: 'Answers at once; the transcript is made in the background.',
    tag: 'Voice notes',
    access: 'user',
    requestBody: recordingBody,
    success: { status: 201, media: 'json', schema: storeVoiceNoteOutput },
    otherStatuses: { 413: tooLarge, 429: OVER_UPLOAD_QUOTA },
    serve: storeVoiceNote,
    ...FILE_ROUTE,
  },
  {
    method: 'post',
    path: '/api/connections/{id}/transcribe',
    summary: 'Ask for the transcript of a connection’s voice note',
    tag: 'Voice notes',
    access: 'user',
    procedure: 'connections.transcribe',
    success: { status: 200, media: 'json', schema: restTranscribeAnswer },
    answer: (output) => {
      const { state, ...answer } = output as TranscribeConnectionOutput
      return { status: state === 'pending' ? 202 : 200, body: answer }
    },
    otherStatuses: {
      202: {
        description: 'The transcript is being made.',
        media: 'json',
        schema: restTranscribeAnswer,
      },
      429: { description: 'Too many transcriptions.' },
    },
  },
]
