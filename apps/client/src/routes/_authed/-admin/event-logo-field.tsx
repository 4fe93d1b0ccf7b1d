import { imageProblem } from '@fiveconnect/api/schemas'
import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core'
import { IconPhotoUp } from '@tabler/icons-react'
import { useUploadEventLogo } from '../../../api/uploads.ts'
import { toast } from '../../../lib/toast.ts'

type Props = {
  value: string | null
  onChange: (logoUrl: string) => void
  /** Whether the current logo was uploaded in this dialog (then the success note shows). */
  isFreshUpload: boolean
  onUploaded: () => void
}

/** One image, checked here for type and size, then uploaded and confirmed by the server. */
export function EventLogoField({ value, onChange, isFreshUpload, onUploaded }: Props) {
  const upload = useUploadEventLogo()

  const choose = (file: File | null) => {
    if (!file) return
    const problem = imageProblem(file)
    if (problem) {
      toast.error('Upload Failed', problem)
      return
    }
    upload.mutate(file, {
      onSuccess: (logoUrl) => {
        onChange(logoUrl)
        onUploaded()
        toast.success('Logo Uploaded', 'Logo uploaded successfully')
      },
      onError: () => toast.error('Upload Error', 'Failed to process uploaded logo.'),
    })
  }

  return (
    <Stack gap={6}>
      <Input.Label>Event Logo</Input.Label>
      <Text size="sm" c="dimmed">
        Select an image file for your event logo
      </Text>
      <Group wrap="nowrap" align="center">
        {value && <Image src={value} alt="Event logo preview" w={64} h={64} radius="md" />}
        <FileButton onChange={choose} accept="image/*">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoUp size={18} aria-hidden />}
              disabled={upload.isPending}
            >
              {upload.isPending ? 'Uploading...' : value ? 'Change Logo' : 'Upload Logo'}
            </Button>
          )}
        </FileButton>
      </Group>
      {isFreshUpload && (
        // Teal at shade 9: Mantine's default teal text is 3.9:1 on white, below AA's 4.5:1.
        <Text size="sm" c="teal.9">
          Logo uploaded successfully
        </Text>
      )}
    </Stack>
  )
}
