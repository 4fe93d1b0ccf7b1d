import { imageProblem, type User } from '@fiveconnect/api/schemas'
import { ActionIcon, Avatar, Box, FileButton, Loader } from '@mantine/core'
import { IconCamera, IconUser } from '@tabler/icons-react'
import { useUploadProfilePhoto } from '../../../api/uploads.ts'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'

export function ProfilePhoto({ user }: { user: User }) {
  const upload = useUploadProfilePhoto()
  const fullName = `${user.firstName} ${user.lastName}`

  const choose = (file: File | null) => {
    if (!file) return
    const problem = imageProblem(file)
    if (problem) {
      toast.error('Upload Failed', problem)
      return
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Profile Photo Updated', 'Your new photo is saved.'),
      onError: (error) =>
        toast.error('Upload Failed', serverMessageOr(error, 'Failed to update profile photo')),
    })
  }

  return (
    <Box pos="relative" w={96} h={96}>
      <Avatar src={user.profileImageUrl} alt={fullName} size={96} radius="50%" color="indigo">
        <IconUser size={44} aria-hidden />
      </Avatar>
      <FileButton onChange={choose} accept="image/*">
        {(props) => (
          <ActionIcon
            {...props}
            pos="absolute"
            bottom={-4}
            right={-4}
            radius="xl"
            aria-label={upload.isPending ? 'Uploading photo...' : 'Change profile photo'}
            disabled={upload.isPending}
          >
            {upload.isPending ? <Loader size={18} color="white" /> : <IconCamera size={20} />}
          </ActionIcon>
        )}
      </FileButton>
    </Box>
  )
}
