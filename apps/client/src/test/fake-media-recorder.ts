import { vi } from 'vitest'

/**
 * A stand-in for the browser's MediaRecorder and getUserMedia, which jsdom lacks. Each stop()
 * delivers one chunk of fake audio, like a real recorder flushing its last timeslice.
 */
export class FakeMediaRecorder {
  static supportedTypes = ['audio/webm', 'audio/mp4']
  static instances: FakeMediaRecorder[] = []
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supportedTypes.includes(type)
  }

  state: 'inactive' | 'recording' = 'inactive'
  timeslice: number | undefined
  ondataavailable: ((event: { data: Blob }) => void) | null = null
  onstop: (() => void) | null = null

  constructor(
    readonly stream: unknown,
    readonly options: { mimeType: string },
  ) {
    FakeMediaRecorder.instances.push(this)
  }

  start(timeslice?: number) {
    this.timeslice = timeslice
    this.state = 'recording'
  }

  stop() {
    this.state = 'inactive'
    this.ondataavailable?.({ data: new Blob(['fake-audio'], { type: this.options.mimeType }) })
    this.onstop?.()
  }
}

/** Installs the fakes; `refuse` makes the microphone request fail like a denied permission. */
export function installFakeMicrophone({
  refuse = false,
  types = ['audio/webm', 'audio/mp4'],
} = {}) {
  const track = { stop: vi.fn() }
  const getUserMedia = vi.fn(() =>
    refuse
      ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
      : Promise.resolve({ getTracks: () => [track] }),
  )
  FakeMediaRecorder.supportedTypes = types
  FakeMediaRecorder.instances = []
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  })
  return { getUserMedia, track }
}
