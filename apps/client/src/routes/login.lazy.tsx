import { loginInput, type LoginInput } from '@fiveconnect/api/schemas'
import { Anchor, Group, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { createLazyFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useLogin } from '../api/auth.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { PersonField, SubmitButton } from '../components/form-fields.tsx'
import { PasswordField } from '../components/password-field.tsx'
import { toast } from '../lib/toast.ts'
import { serverMessageOr } from '../lib/api-errors.ts'

export const Route = createLazyFileRoute('/login')({ component: LoginPage })

function LoginPage() {
  const navigate = useNavigate()
  const login = useLogin()
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginInput, { sync: true }),
  })

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ role }) => {
        toast.success('Welcome back!', "You've been logged in successfully.")
        void navigate({ to: role === 'admin' ? '/admin' : '/' })
      },
      onError: (error) =>
        toast.error('Login failed', serverMessageOr(error, 'Invalid email or password')),
    }),
  )

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your FiveConnect account">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PersonField form={form} name="email" />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgotten password?
            </Anchor>
          </Group>
          <SubmitButton fullWidth isPending={login.isPending} pendingLabel="Signing in...">
            Sign In
          </SubmitButton>
          <Text ta="center" size="sm">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to="/register">
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}
