import { registerInput, type RegisterInput } from '@fiveconnect/api/schemas'
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { createLazyFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useRegister } from '../api/auth.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { PasswordField } from '../components/password-field.tsx'
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
            <TextInput
              label="First name"
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <TextInput
            label="Mobile (optional)"
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('mobile')}
          />
          <TextInput
            label="Company (optional)"
            autoComplete="organization"
            {...form.getInputProps('company')}
          />
          <TextInput
            label="Website (optional)"
            type="url"
            autoComplete="url"
            placeholder="https://"
            {...form.getInputProps('website')}
          />
          <TextInput
            label="How did you hear about us? (optional)"
            {...form.getInputProps('referredBy')}
          />
          <Button type="submit" fullWidth disabled={register.isPending}>
            {register.isPending ? 'Creating account...' : 'Create Account'}
          </Button>
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
