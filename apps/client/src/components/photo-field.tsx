import { MAX_PHOTOS_PER_CONNECTION } from '@fiveconnect/api/schemas'
import { ActionIcon, Box, Button, FileButton, Image, Input, SimpleGrid, Stack } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { IconCamera, IconX } from '@tabler/icons-react'
import { toast } from '../lib/toast.ts'
import { imageProblem, serverMessageOf, uploadConnectionPhoto } from '../lib/uploads.ts'

type Props = { value: string[]; onChange: (photos: string[]) => void }

/** A connection's photos: pick one image at a time, checked here, uploaded, then kept by path. */
export function PhotoField({ value, onChange }: Props) {
  const upload = useMutation({ mutationFn: uploadConnectionPhoto })

  const choose = (file: File | null) => {
    if (!file) return
    const problem = imageProblem(file)
    if (problem) {
      toast.error('Upload Failed', problem)
      return
    }
    upload.mutate(file, {
      onSuccess: (path) => {
        onChange([...value, path])
        toast.success('Photo Added', 'The photo has been added to this connection.')
      },
      onError: (error) =>
        toast.error('Upload Failed', serverMessageOf(error) ?? 'Failed to upload photo'),
    })
  }

  const isFull = value.length >= MAX_PHOTOS_PER_CONNECTION
  return (
    <Stack gap={6}>
      <Input.Label>Photos</Input.Label>
      {value.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {value.map((photo, index) => (
            <Box key={photo} pos="relative">
              <Image src={photo} alt={`Photo ${index + 1}`} h={88} radius="sm" fit="cover" />
              <ActionIcon
                pos="absolute"
                top={4}
                right={4}
                size={44}
                radius="xl"
                color="dark"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onChange(value.filter((kept) => kept !== photo))}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <FileButton onChange={choose} accept="image/*" disabled={isFull || upload.isPending}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            h={44}
            leftSection={<IconCamera size={18} aria-hidden />}
          >
            {upload.isPending ? 'Uploading...' : 'Add Photo'}
          </Button>
        )}
      </FileButton>
    </Stack>
  )
}
