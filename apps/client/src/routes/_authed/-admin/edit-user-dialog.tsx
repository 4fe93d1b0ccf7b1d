import { adminPasswordForm, adminUpdateUserInput } from '@fiveconnect/api/schemas'
import { Button, Divider, Modal, NativeSelect, Stack, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { AdminUser } from '../../../api/router-types.ts'
import { PasswordField } from '../../../components/password-field.tsx'
import { toast } from '../../../lib/toast.ts'
import { serverMessageOr } from '../../../lib/api-errors.ts'
import { useSetUserPassword, useUpdateUser } from './admin-mutations.ts'

const detailsForm = adminUpdateUserInput.omit({ id: true })

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Edit User" centered stackId="edit-user">
      {user && (
        <Stack gap="lg">
          <UserDetailsForm user={user} onDone={onClose} />
          <Divider />
          <PasswordForm user={user} />
        </Stack>
      )}
    </Modal>
  )
}

function UserDetailsForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const update = useUpdateUser()
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      mobile: user.mobile ?? '',
      company: user.company ?? '',
      linkedin: user.linkedin ?? '',
      website: user.website ?? '',
      role: user.role,
    },
    validate: schemaResolver(detailsForm, { sync: true }),
  })
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: user.id, ...values },
      {
        onSuccess: () => {
          toast.success('User Updated', `${values.firstName} ${values.lastName} has been updated.`)
          onDone()
        },
        onError: (error) =>
          toast.error(
            'Failed to Update User',
            serverMessageOr(error, 'An error occurred while updating the user.'),
          ),
      },
    ),
  )
  return (
    <form onSubmit={submit} noValidate aria-label="User details">
      <Stack gap="sm">
        <TextInput label="First Name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" withAsterisk {...form.getInputProps('lastName')} />
        <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label="Mobile" type="tel" {...form.getInputProps('mobile')} />
        <TextInput label="Company" {...form.getInputProps('company')} />
        <NativeSelect
          label="Role"
          data={[
            { value: 'attendee', label: 'Attendee' },
            { value: 'admin', label: 'Admin' },
          ]}
          {...form.getInputProps('role')}
        />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Updating...' : 'Update User Details'}
        </Button>
      </Stack>
    </form>
  )
}

function PasswordForm({ user }: { user: AdminUser }) {
  const setPassword = useSetUserPassword()
  const form = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: schemaResolver(adminPasswordForm, { sync: true }),
  })
  const submit = form.onSubmit((values) =>
    setPassword.mutate(
      { id: user.id, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast.success('Password Updated', `A new password is set for ${user.firstName}.`)
          form.reset()
        },
        onError: (error) =>
          toast.error(
            'Failed to Update Password',
            serverMessageOr(error, 'An error occurred while updating the password.'),
          ),
      },
    ),
  )
  return (
    <form onSubmit={submit} noValidate aria-label="Update password">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Update Password
        </Title>
        <PasswordField
          label="New Password"
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label="Confirm Password"
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" variant="light" disabled={setPassword.isPending}>
          {setPassword.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </Stack>
    </form>
  )
}
