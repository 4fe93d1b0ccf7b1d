import type { SharedProfileField, User } from '@fiveconnect/api/schemas'
import { Button, Checkbox, Group, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useUpdateProfile } from '../../../api/profile.ts'
import { FormDialog } from '../../../components/form-dialog.tsx'
import { PersonField, SubmitButton } from '../../../components/form-fields.tsx'
import { toast } from '../../../lib/toast.ts'
import { profileForm, type ProfileFormValues } from './profile-form.ts'

const blankToNull = (value: string) => value.trim() || null

const SHARED_FIELD_LABELS: [SharedProfileField, string][] = [
  ['company', 'Show my company'],
  ['email', 'Show my email'],
  ['mobile', 'Show my mobile'],
  ['linkedin', 'Show my LinkedIn'],
  ['website', 'Show my website'],
]

export function EditProfileDialog({
  user,
  opened,
  onClose,
}: {
  user: User
  opened: boolean
  onClose: () => void
}) {
  return (
    <FormDialog title="Edit Profile" opened={opened} onClose={onClose}>
      <EditProfileForm user={user} onDone={onClose} />
    </FormDialog>
  )
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const updateProfile = useUpdateProfile()
  const form = useForm<ProfileFormValues>({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      mobile: user.mobile ?? '',
      company: user.company ?? '',
      linkedin: user.linkedin ?? '',
      website: user.website ?? '',
      sharedProfileFields: user.sharedProfileFields,
    },
    validate: schemaResolver(profileForm, { sync: true }),
  })

  const submit = form.onSubmit((values) =>
    updateProfile.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        mobile: blankToNull(values.mobile),
        company: blankToNull(values.company),
        linkedin: blankToNull(values.linkedin),
        website: blankToNull(values.website),
        profileImageUrl: user.profileImageUrl,
        sharedProfileFields: values.sharedProfileFields,
      },
      {
        onSuccess: () => {
          toast.success('Profile Updated', 'Your profile has been updated.')
          onDone()
        },
        onError: () => toast.error('Update Failed', 'Failed to update profile. Please try again.'),
      },
    ),
  )

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {(['firstName', 'lastName', 'mobile', 'company', 'linkedin', 'website'] as const).map(
          (name) => (
            <PersonField key={name} form={form} name={name} />
          ),
        )}
        <Checkbox.Group
          label="Shown to attendees who search for you"
          description="Your name is always shown; your photo never is."
          {...form.getInputProps('sharedProfileFields')}
        >
          <Stack gap="xs" mt="xs">
            {SHARED_FIELD_LABELS.map(([value, label]) => (
              <Checkbox key={value} value={value} label={label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group grow preventGrowOverflow={false} mt="xs">
          <Button variant="default" onClick={onDone} type="button">
            Cancel
          </Button>
          <SubmitButton isPending={updateProfile.isPending} pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
