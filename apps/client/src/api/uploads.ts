import { useMutation } from '@tanstack/react-query'
import { trpc } from '../lib/trpc.ts'
import { storedUrlOf } from '../lib/uploads.ts'

/** PUT the raw file to a signed URL; a non-OK answer fails with '{status}: {response text}'. */
async function putFile(uploadURL: string, file: Blob): Promise<void> {
  const response = await fetch(uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type },
  })
  if (!response.ok) {
    const text = await response.text()
    throw new Error(`${response.status}: ${text || response.statusText}`)
  }
}

/** Profile photo: get a signed URL, upload the file to it, then ask the server to keep it. */
export function useUploadProfilePhoto() {
  const utils = trpc.useUtils()
  const createUploadUrl = trpc.uploads.createUploadUrl.useMutation()
  const confirmProfilePhoto = trpc.uploads.confirmProfilePhoto.useMutation()
  return useMutation({
    mutationFn: async (file: File) => {
      const { uploadURL } = await createUploadUrl.mutateAsync()
      await putFile(uploadURL, file)
      return confirmProfilePhoto.mutateAsync({ profileImageUrl: storedUrlOf(uploadURL) })
    },
    onSuccess: () => utils.auth.me.invalidate(),
  })
}
