import { changePasswordInput } from '@fiveconnect/api/schemas'
import { Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useChangePassword } from '../../../api/auth.ts'
import { FormDialog } from '../../../components/form-dialog.tsx'
import { NewPasswordFields, SubmitButton } from '../../../components/form-fields.tsx'
import { PasswordField } from '../../../components/password-field.tsx'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { toast } from '../../../lib/toast.ts'

export function ChangePasswordDialog({
  opened,
  onClose,
}: {
  opened: boolean
  onClose: () => void
}) {
  return (
    <FormDialog title="Change Password" opened={opened} onClose={onClose}>
      <ChangePasswordForm onDone={onClose} />
    </FormDialog>
  )
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const changePassword = useChangePassword()
  const form = useForm({
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: schemaResolver(changePasswordInput, { sync: true }),
  })

  const submit = form.onSubmit((values) =>
    changePassword.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success('Password Updated', message)
        onDone()
      },
      onError: (error) =>
        toast.error('Password Not Changed', serverMessageOr(error, 'Failed to change password')),
    }),
  )

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields form={form} labels={['New Password', 'Confirm New Password']} />
        <SubmitButton fullWidth isPending={changePassword.isPending} pendingLabel="Changing...">
          Change Password
        </SubmitButton>
      </Stack>
    </form>
  )
}
