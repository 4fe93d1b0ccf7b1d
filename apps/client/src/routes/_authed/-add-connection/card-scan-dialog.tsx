import type { BusinessCard, CardReading } from '@fiveconnect/api/business-card'
import {
  Alert,
  Box,
  Button,
  FileButton,
  Image,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconCamera, IconPhoto } from '@tabler/icons-react'
import { sharpness } from '@fiveconnect/api/card-image'
import { useEffect, useMemo, useRef, useState } from 'react'
import type * as CardReader from '../../../lib/card-reader.ts'

const CAMERA = {
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: 1920 },
    height: { ideal: 1080 },
  },
  audio: false,
}
/** The frame guide, as shares of the camera view: a card (85 x 55 mm) across most of it. */
const GUIDE = { width: 0.86, aspect: 85 / 55 }
/** The card photo kept with the connection: no side longer than this, as JPEG. */
const PHOTO_MAX_SIDE = 1600
/** Camera frames looked at when the shutter is pressed, this far apart; the sharpest is read. */
const FRAMES = { count: 5, apartMs: 90 }

const NOTHING_FOUND = 'No text found on the card. Try again with more light.'

type Reader = typeof CardReader
type Phase =
  | { step: 'aim' }
  | { step: 'reading'; progress: number; photo: Blob }
  | { step: 'review'; reading: CardReading; photo: Blob }
  | { step: 'nothing' }

const FIELDS: { key: keyof BusinessCard; label: string; type?: string }[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'company', label: 'Company' },
  { key: 'title', label: 'Job title (added to the notes)' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'website', label: 'Website', type: 'url' },
  { key: 'linkedin', label: 'LinkedIn', type: 'url' },
]

type Props = {
  opened: boolean
  onClose: () => void
  /** The details as the user confirmed them, and the card photo to keep as the first photo. */
  onUse: (card: BusinessCard, photo: Blob) => void
}

/** Reads a paper business card from the camera or a photo, on the device, for the user to check. */
export function CardScanDialog({ opened, onClose, onUse }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Scan Business Card" centered>
      {opened && <CardScanner onClose={onClose} onUse={onUse} />}
    </Modal>
  )
}

/** Why the camera could not start, in words a person can act on. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was denied. Allow the camera for this site, or choose a photo of the card.'
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device. Choose a photo of the card instead.'
  return 'The camera could not be started. Choose a photo of the card instead.'
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be made'))),
      'image/jpeg',
      0.9,
    ),
  )
}

/** `source`'s region (in its own pixels) on a canvas, no side longer than PHOTO_MAX_SIDE. */
function cropped(
  source: CanvasImageSource,
  region: { x: number; y: number; width: number; height: number },
) {
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(region.width, region.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(region.width * scale)
  canvas.height = Math.round(region.height * scale)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No canvas to take the photo on')
  context.drawImage(
    source,
    region.x,
    region.y,
    region.width,
    region.height,
    0,
    0,
    canvas.width,
    canvas.height,
  )
  return canvas
}

function CardScanner({ onClose, onUse }: Omit<Props, 'opened'>) {
  const [phase, setPhase] = useState<Phase>({ step: 'aim' })
  const [readFailed, setReadFailed] = useState(false)
  // The OCR code and data load as soon as the scanner opens, while the user frames the card.
  const reader = useMemo<Promise<Reader>>(() => import('../../../lib/card-reader.ts'), [])
  useEffect(() => {
    void reader.then(({ prepareReading }) => prepareReading()).catch(() => {})
    return () => void reader.then(({ stopReading }) => stopReading())
  }, [reader])

  /** Reads `scan` (the card and some of what is around it, for the scanner to find its edges). */
  const read = async (canvas: HTMLCanvasElement, scan = canvas) => {
    setReadFailed(false)
    const photo = await toJpeg(canvas)
    setPhase({ step: 'reading', progress: 0, photo })
    try {
      const { readCard } = await reader
      const reading = await readCard(scan, (progress) =>
        setPhase((current) => (current.step === 'reading' ? { ...current, progress } : current)),
      )
      setPhase(reading ? { step: 'review', reading, photo } : { step: 'nothing' })
    } catch {
      setReadFailed(true)
      setPhase({ step: 'aim' })
    }
  }

  const readFile = async (file: File | null) => {
    if (!file) return
    try {
      const bitmap = await createImageBitmap(file)
      await read(cropped(bitmap, { x: 0, y: 0, width: bitmap.width, height: bitmap.height }))
      bitmap.close()
    } catch {
      setReadFailed(true)
    }
  }

  const choosePhoto = (
    <FileButton accept="image/*" onChange={(file) => void readFile(file)}>
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconPhoto size={18} aria-hidden />}>
          Choose a photo
        </Button>
      )}
    </FileButton>
  )

  if (phase.step === 'reading') return <ReadingCard photo={phase.photo} progress={phase.progress} />
  if (phase.step === 'review')
    return (
      <ReviewCard
        reading={phase.reading}
        photo={phase.photo}
        onUse={(card) => onUse(card, phase.photo)}
        onAgain={() => setPhase({ step: 'aim' })}
      />
    )
  return (
    <Stack gap="md">
      {phase.step === 'nothing' && (
        <Alert color="orange" role="alert" title="Nothing to read">
          {NOTHING_FOUND}
        </Alert>
      )}
      {readFailed && (
        <Alert color="red" role="alert" title="Could not read the card">
          The card could not be read on this device. Type the details instead.
        </Alert>
      )}
      <CameraView onTaken={(guide, frame) => void read(guide, frame)} />
      {choosePhoto}
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
    </Stack>
  )
}

/** How sharp a frame is, judged on a copy at most 480 pixels across (fast enough per frame). */
function sharpnessOf(frame: HTMLCanvasElement) {
  const scale = Math.min(1, 480 / frame.width)
  const copy = document.createElement('canvas')
  copy.width = Math.round(frame.width * scale)
  copy.height = Math.round(frame.height * scale)
  const context = copy.getContext('2d')
  if (!context) return 0
  context.drawImage(frame, 0, 0, copy.width, copy.height)
  return sharpness(context.getImageData(0, 0, copy.width, copy.height))
}

/**
 * The rear camera with a card-shaped frame guide. The shutter looks at a few frames and keeps the
 * sharpest (a hand that presses a button shakes); it gives what is inside the guide, the photo
 * kept, and the whole frame, where the scanner finds the card's edges.
 */
function CameraView({
  onTaken,
}: {
  onTaken: (guide: HTMLCanvasElement, frame: HTMLCanvasElement) => void
}) {
  const video = useRef<HTMLVideoElement>(null)
  const [aspect, setAspect] = useState<number | null>(null)
  const [isTaking, setIsTaking] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let stream: MediaStream | undefined
    let isStopped = false
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError')
      stream = await navigator.mediaDevices.getUserMedia(CAMERA)
      const element = video.current
      if (isStopped || !element) return
      element.srcObject = stream
      await element.play()
      setAspect(element.videoWidth / element.videoHeight)
    }
    start().catch((error: unknown) => {
      if (!isStopped) setProblem(cameraProblem(error))
    })
    return () => {
      isStopped = true
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [])

  const take = async () => {
    const element = video.current
    if (!element || element.videoWidth === 0) return
    setIsTaking(true)
    const whole = { x: 0, y: 0, width: element.videoWidth, height: element.videoHeight }
    let best = { frame: cropped(element, whole), sharpness: -1 }
    for (let index = 0; index < FRAMES.count; index++) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, FRAMES.apartMs))
      const frame = index === 0 ? best.frame : cropped(element, whole)
      const frameSharpness = sharpnessOf(frame)
      if (frameSharpness > best.sharpness) best = { frame, sharpness: frameSharpness }
    }
    setIsTaking(false)
    const width = best.frame.width * GUIDE.width
    const height = Math.min(best.frame.height, width / GUIDE.aspect)
    onTaken(
      cropped(best.frame, {
        x: (best.frame.width - width) / 2,
        y: (best.frame.height - height) / 2,
        width,
        height,
      }),
      best.frame,
    )
  }

  if (problem)
    return (
      <Alert color="red" role="alert" title="Camera unavailable">
        {problem}
      </Alert>
    )
  return (
    <Stack gap="xs">
      <Box pos="relative" style={{ aspectRatio: String(aspect ?? 4 / 3) }}>
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view"
          style={{ width: '100%', height: '100%', borderRadius: 8, background: '#000' }}
        />
        <Box
          aria-hidden
          pos="absolute"
          style={{
            left: `${((1 - GUIDE.width) / 2) * 100}%`,
            width: `${GUIDE.width * 100}%`,
            top: '50%',
            transform: 'translateY(-50%)',
            aspectRatio: String(GUIDE.aspect),
            maxHeight: '100%',
            border: '2px dashed rgba(255, 255, 255, 0.9)',
            borderRadius: 8,
            boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.35)',
            clipPath: 'inset(-100vmax round 8px)',
          }}
        />
      </Box>
      <Text size="sm">Fit the card inside the frame, in good light, then take the photo.</Text>
      <Button
        onClick={() => void take()}
        disabled={aspect === null}
        loading={isTaking}
        leftSection={<IconCamera size={18} aria-hidden />}
      >
        Take photo
      </Button>
    </Stack>
  )
}

function CardPhoto({ photo }: { photo: Blob }) {
  const source = useMemo(() => URL.createObjectURL(photo), [photo])
  useEffect(() => () => URL.revokeObjectURL(source), [source])
  return <Image src={source} alt="The business card" radius="sm" mah={160} fit="contain" />
}

function ReadingCard({ photo, progress }: { photo: Blob; progress: number }) {
  const percent = Math.round(progress * 100)
  return (
    <Stack gap="md">
      <CardPhoto photo={photo} />
      <Text size="sm" role="status">
        Reading the card... {percent}%
      </Text>
      <Progress value={percent} aria-label="Reading the card" animated />
    </Stack>
  )
}

/** A field read from words OCR was unsure of: highlighted until the user edits it. */
const UNSURE_STYLES = {
  input: {
    borderColor: 'var(--mantine-color-yellow-7)',
    backgroundColor: 'var(--mantine-color-yellow-light)',
  },
}

export function ReviewCard({
  reading,
  photo,
  onUse,
  onAgain,
}: {
  reading: CardReading
  photo: Blob
  onUse: (card: BusinessCard) => void
  onAgain: () => void
}) {
  const [values, setValues] = useState(reading.card)
  const [checked, setChecked] = useState<(keyof BusinessCard)[]>([])
  const change = (key: keyof BusinessCard, value: string) => {
    setValues({ ...values, [key]: value })
    if (!checked.includes(key)) setChecked([...checked, key])
  }
  const input = (field: (typeof FIELDS)[number]) => {
    const isUnsure = reading.unsure.includes(field.key) && !checked.includes(field.key)
    const line = reading.unread[field.key]
    const isOffered = line !== undefined && values[field.key] === ''
    return (
      <Stack key={field.key} gap={4}>
        <TextInput
          label={field.label}
          type={field.type}
          autoComplete="off"
          value={values[field.key]}
          description={
            isUnsure
              ? 'Check this one: the card was hard to read here.'
              : isOffered
                ? `Not clear on the card: "${line}"`
                : undefined
          }
          styles={isUnsure ? UNSURE_STYLES : undefined}
          onChange={(event) => change(field.key, event.currentTarget.value)}
        />
        {isOffered && (
          <Button
            size="compact-xs"
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => change(field.key, line)}
          >
            Use this line
          </Button>
        )}
      </Stack>
    )
  }
  return (
    <Stack gap="sm">
      <CardPhoto photo={photo} />
      <Text size="sm">Check each detail against the card and correct what was misread.</Text>
      <SimpleGrid cols={2} spacing="xs">
        {FIELDS.slice(0, 2).map(input)}
      </SimpleGrid>
      {FIELDS.slice(2).map(input)}
      <Button onClick={() => onUse(values)}>Use these details</Button>
      <Button variant="default" onClick={onAgain}>
        Scan again
      </Button>
    </Stack>
  )
}
