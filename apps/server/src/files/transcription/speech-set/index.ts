// What the bench needs to measure the offline engines on the spoken notes (docs/decisions/025).
export { installedSpeechEngines, SPEECH_CANDIDATES_NOT_MEASURED } from './engines.ts'
export { recordSpokenNotes } from './record-notes.ts'
export { errorRatesByCondition, hearNotes, realTimeFactor } from './score-engine.ts'
