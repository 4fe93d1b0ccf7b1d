import type { ImportedContact } from '@fiveconnect/api/vcard'
import { Alert, Button, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { contactFromScan } from '../../../lib/scanned-contact.ts'

const SCAN_INTERVAL_MS = 200
const CAMERA = { video: { facingMode: { ideal: 'environment' } }, audio: false }

/** Why the camera could not start, in words a person can act on. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera access was denied. Allow the camera for this site, or import a .vcf file instead.'
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'No camera was found on this device. Import a .vcf file instead.'
  }
  return 'The camera could not be started. Import a .vcf file instead.'
}

type Props = {
  opened: boolean
  onClose: () => void
  onScanned: (contact: Partial<ImportedContact>) => void
}

/** Reads a contact card or a LinkedIn profile link from a QR code held up to the camera. */
export function ScanContactDialog({ opened, onClose, onScanned }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Scan QR Code" centered>
      {opened && <CameraScanner onClose={onClose} onScanned={onScanned} />}
    </Modal>
  )
}

function CameraScanner({ onClose, onScanned }: Omit<Props, 'opened'>) {
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [unreadable, setUnreadable] = useState(false)
  const onFound = useEffectEvent(onScanned)

  useEffect(() => {
    let stream: MediaStream | undefined
    let timer: number | undefined
    let isStopped = false
    const canvas = document.createElement('canvas')

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError')
      stream = await navigator.mediaDevices.getUserMedia(CAMERA)
      // The decoder loads only now, so Add Connection stays light for those who never scan.
      const { decodeQr } = await import('../../../lib/qr-decode.ts')
      const element = video.current
      if (isStopped || !element) return
      element.srcObject = stream
      await element.play()
      const context = canvas.getContext('2d', { willReadFrequently: true })
      timer = window.setInterval(() => {
        if (!context || element.videoWidth === 0) return
        canvas.width = element.videoWidth
        canvas.height = element.videoHeight
        context.drawImage(element, 0, 0)
        const text = decodeQr(context.getImageData(0, 0, canvas.width, canvas.height))
        if (text === null) return
        const contact = contactFromScan(text)
        if (!contact) return setUnreadable(true)
        window.clearInterval(timer)
        onFound(contact)
      }, SCAN_INTERVAL_MS)
    }

    start().catch((error: unknown) => {
      if (!isStopped) setProblem(cameraProblem(error))
    })
    return () => {
      isStopped = true
      window.clearInterval(timer)
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [])

  return (
    <Stack gap="md">
      {problem ? (
        <Alert color="red" role="alert" title="Camera unavailable">
          {problem}
        </Alert>
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera view"
            style={{ width: '100%', borderRadius: 8, background: '#000', aspectRatio: '4 / 3' }}
          />
          <Text size="sm" role="status">
            {unreadable
              ? 'That QR code is not a contact card or a LinkedIn profile. Try another.'
              : 'Hold a contact card or LinkedIn QR code in the frame.'}
          </Text>
        </>
      )}
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
    </Stack>
  )
}
