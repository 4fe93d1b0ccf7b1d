import { registerInput, type RegisterInput } from '@fiveconnect/api/schemas'
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { createLazyFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useRegister } from '../api/auth.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { NewPasswordFields, PersonField, SubmitButton } from '../components/form-fields.tsx'
import { toast } from '../lib/toast.ts'
import { serverMessageOr } from '../lib/api-errors.ts'

export const Route = createLazyFileRoute('/register')({ component: RegisterPage })

type RegisterValues = { [K in keyof RegisterInput]-?: string }

function RegisterPage() {
  const navigate = useNavigate()
  const register = useRegister()
  const form = useForm<RegisterValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      mobile: '',
      company: '',
      website: '',
      referredBy: '',
    },
    validate: schemaResolver(registerInput, { sync: true }),
  })

  const submit = form.onSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => {
        toast.success('Welcome to FiveConnect!', 'Your account has been created successfully.')
        void navigate({ to: '/', state: { isNewAccount: true } })
      },
      onError: (error) =>
        toast.error('Registration failed', serverMessageOr(error, 'Failed to create account')),
    }),
  )

  return (
    <AuthCard title="Create your account" subtitle="Start recording the people you meet">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" gap="sm">
            <PersonField form={form} name="firstName" />
            <PersonField form={form} name="lastName" />
          </Group>
          <PersonField form={form} name="email" />
          <NewPasswordFields form={form} labels={['Password', 'Confirm password']} />
          <PersonField form={form} name="mobile" label="Mobile (optional)" />
          <PersonField form={form} name="company" label="Company (optional)" />
          <PersonField
            form={form}
            name="website"
            label="Website (optional)"
            placeholder="https://"
          />
          <TextInput
            label="How did you hear about us? (optional)"
            {...form.getInputProps('referredBy')}
          />
          <SubmitButton fullWidth isPending={register.isPending} pendingLabel="Creating account...">
            Create Account
          </SubmitButton>
          <Text ta="center" size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}
