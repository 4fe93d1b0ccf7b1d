import { useMutation } from '@tanstack/react-query'
import { trpc } from '../lib/trpc.ts'
import { uploadConnectionPhoto, uploadEventLogo, uploadProfilePhoto } from '../lib/uploads.ts'

export function useUploadConnectionPhoto() {
  const { client } = trpc.useUtils()
  return useMutation({ mutationFn: (file: Blob) => uploadConnectionPhoto(client, file) })
}

export function useUploadEventLogo() {
  const { client } = trpc.useUtils()
  return useMutation({ mutationFn: (file: File) => uploadEventLogo(client, file) })
}

/** Profile photo: uploaded, kept by the server as the user's photo, then shown everywhere. */
export function useUploadProfilePhoto() {
  const utils = trpc.useUtils()
  return useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(utils.client, file),
    onSuccess: () => utils.auth.me.invalidate(),
  })
}
