import { forgotPasswordInput } from '@fiveconnect/api/schemas'
import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconMail } from '@tabler/icons-react'
import { createLazyFileRoute, Link } from '@tanstack/react-router'
import { useForgotPassword } from '../api/auth.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { PersonField, SubmitButton } from '../components/form-fields.tsx'
import { toast } from '../lib/toast.ts'
import { serverMessageOr } from '../lib/api-errors.ts'

export const Route = createLazyFileRoute('/forgot-password')({ component: ForgotPasswordPage })

function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword()
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInput, { sync: true }),
  })

  if (forgotPassword.isSuccess) {
    return (
      <AuthCard title="Check Your Email">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconMail size={30} />
          </ThemeIcon>
          <Text>
            If an account exists for {form.values.email}, we have sent a link to reset its password.
            The link works for one hour.
          </Text>
          <Text size="sm">Can&apos;t find it? Check your spam or junk folder.</Text>
          <Button component={Link} to="/login" fullWidth>
            Back to Login
          </Button>
        </Stack>
      </AuthCard>
    )
  }

  const submit = form.onSubmit((values) =>
    forgotPassword.mutate(values, {
      onSuccess: () =>
        toast.success(
          'Reset Email Sent',
          'Please check your email for password reset instructions.',
        ),
      onError: (error) =>
        toast.error(
          'Error',
          serverMessageOr(error, 'Failed to send reset email. Please try again.'),
        ),
    }),
  )

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PersonField form={form} name="email" />
          <SubmitButton fullWidth isPending={forgotPassword.isPending} pendingLabel="Sending...">
            Send Reset Email
          </SubmitButton>
          <Anchor component={Link} to="/login" ta="center" size="sm">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  )
}
