import { resetPasswordForm } from '@fiveconnect/api/schemas'
import { Button, Stack, Text, ThemeIcon } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { IconCircleCheck } from '@tabler/icons-react'
import { createLazyFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useResetPassword } from '../api/auth.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { NewPasswordFields, SubmitButton } from '../components/form-fields.tsx'
import { toast } from '../lib/toast.ts'
import { serverMessageOr } from '../lib/api-errors.ts'

export const Route = createLazyFileRoute('/reset-password')({ component: ResetPasswordPage })

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  const navigate = useNavigate()
  const resetPassword = useResetPassword()
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordForm, { sync: true }),
  })

  useEffect(() => {
    if (token) return
    toast.error('Invalid Link', 'This password reset link is invalid or has expired.')
    void navigate({ to: '/login', replace: true })
  }, [token, navigate])

  if (!token) return null

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title="Password Reset Complete">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={30} />
          </ThemeIcon>
          <Text>Your password has been updated. You can now log in with your new password.</Text>
          <Button component={Link} to="/login" fullWidth>
            Continue to Login
          </Button>
        </Stack>
      </AuthCard>
    )
  }

  const submit = form.onSubmit(({ password }) =>
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () =>
          toast.success(
            'Password Reset Successful',
            'Your password has been updated. You can now log in with your new password.',
          ),
        onError: (error) =>
          toast.error(
            'Reset Failed',
            serverMessageOr(error, 'Failed to reset password. The link may have expired.'),
          ),
      },
    ),
  )

  return (
    <AuthCard title="Choose a new password" subtitle="At least 6 characters.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} labels={['New Password', 'Confirm New Password']} />
          <SubmitButton fullWidth isPending={resetPassword.isPending} pendingLabel="Resetting...">
            Reset Password
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  )
}
