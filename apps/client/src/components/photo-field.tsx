import { imageProblem, MAX_PHOTOS_PER_CONNECTION } from '@fiveconnect/api/schemas'
import { ActionIcon, Box, Button, FileButton, Image, Input, SimpleGrid, Stack } from '@mantine/core'
import { IconCamera, IconX } from '@tabler/icons-react'
import { useEffect, useMemo } from 'react'
import { useUploadConnectionPhoto } from '../api/uploads.ts'
import { serverMessageOr } from '../lib/api-errors.ts'
import { isOnline } from '../lib/connectivity.ts'
import { toast } from '../lib/toast.ts'

type Props = {
  value: string[]
  onChange: (photos: string[]) => void
  /** Where photos can wait on the device: with no network they are kept here, to upload later. */
  offline?: { photos: Blob[]; onChange: (photos: Blob[]) => void }
}

/**
 * A connection's photos: pick one image at a time, checked here, uploaded, then kept by path; or,
 * offline where allowed, kept on the device.
 */
export function PhotoField({ value, onChange, offline }: Props) {
  const upload = useUploadConnectionPhoto()

  const choose = (file: File | null) => {
    if (!file) return
    const problem = imageProblem(file)
    if (problem) {
      toast.error('Upload Failed', problem)
      return
    }
    if (offline && !isOnline()) {
      offline.onChange([...offline.photos, file])
      toast.success('Photo Added', 'Kept on this device: it uploads when you are back online.')
      return
    }
    upload.mutate(file, {
      onSuccess: (path) => {
        onChange([...value, path])
        toast.success('Photo Added', 'The photo has been added to this connection.')
      },
      onError: (error) =>
        toast.error('Upload Failed', serverMessageOr(error, 'Failed to upload photo')),
    })
  }

  const waiting = offline?.photos ?? []
  const isFull = value.length + waiting.length >= MAX_PHOTOS_PER_CONNECTION
  return (
    <Stack gap={6}>
      <Input.Label>Photos</Input.Label>
      {value.length + waiting.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {value.map((photo, index) => (
            <PhotoTile
              key={photo}
              source={photo}
              alt={`Photo ${index + 1}`}
              number={index + 1}
              onRemove={() => onChange(value.filter((kept) => kept !== photo))}
            />
          ))}
          {waiting.map((photo, index) => (
            <PhotoOnDevice
              key={index}
              photo={photo}
              number={value.length + index + 1}
              onRemove={() => offline?.onChange(waiting.filter((kept) => kept !== photo))}
            />
          ))}
        </SimpleGrid>
      )}
      <FileButton onChange={choose} accept="image/*" disabled={isFull || upload.isPending}>
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden />}>
            {upload.isPending ? 'Uploading...' : 'Add Photo'}
          </Button>
        )}
      </FileButton>
    </Stack>
  )
}

/** A photo kept on the device until it can upload, shown from memory. */
function PhotoOnDevice({
  photo,
  number,
  onRemove,
}: {
  photo: Blob
  number: number
  onRemove: () => void
}) {
  const source = useMemo(() => URL.createObjectURL(photo), [photo])
  useEffect(() => () => URL.revokeObjectURL(source), [source])
  return (
    <PhotoTile
      source={source}
      alt={`Photo ${number}, waiting to upload`}
      number={number}
      onRemove={onRemove}
    />
  )
}

function PhotoTile({
  source,
  alt,
  number,
  onRemove,
}: {
  source: string
  alt: string
  number: number
  onRemove: () => void
}) {
  return (
    <Box pos="relative">
      <Image src={source} alt={alt} h={88} radius="sm" fit="cover" />
      <ActionIcon
        pos="absolute"
        top={4}
        right={4}
        radius="xl"
        color="dark"
        aria-label={`Remove photo ${number}`}
        onClick={onRemove}
      >
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Box>
  )
}
