import { Button, TextInput, type ButtonProps, type TextInputProps } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { ReactNode } from 'react'
import { PasswordField } from './password-field.tsx'

/**
 * The fields the account and profile forms share, each filled in the same way wherever it
 * appears: its label, the phone's keyboard for it, and what the browser may autofill.
 */
const PERSON_FIELDS = {
  firstName: { label: 'First name', autoComplete: 'given-name' },
  lastName: { label: 'Last name', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  mobile: { label: 'Mobile', type: 'tel', autoComplete: 'tel' },
  company: { label: 'Company', autoComplete: 'organization' },
  linkedin: { label: 'LinkedIn', type: 'url' },
  website: { label: 'Website', type: 'url', autoComplete: 'url' },
} satisfies Record<string, TextInputProps & { label: string }>

type PersonFieldName = keyof typeof PERSON_FIELDS

/** One of PERSON_FIELDS, wired to the form's value and error; `label` and the rest may add to it. */
export function PersonField<Values>({
  form,
  name,
  ...props
}: {
  form: UseFormReturnType<Values>
  name: PersonFieldName & keyof Values
} & Omit<TextInputProps, 'form' | 'name'>) {
  return <TextInput {...PERSON_FIELDS[name]} {...props} {...form.getInputProps(name)} />
}

/** A new password and its confirmation, as registration, reset and Change Password ask for them. */
export function NewPasswordFields<Values extends { password: string; confirmPassword: string }>({
  form,
  labels,
}: {
  form: UseFormReturnType<Values>
  labels: readonly [password: string, confirmation: string]
}) {
  return (
    <>
      <PasswordField
        label={labels[0]}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={labels[1]}
        autoComplete="new-password"
        {...form.getInputProps('confirmPassword')}
      />
    </>
  )
}

/** A form's submit button, disabled and saying `pendingLabel` while the call is on its way. */
export function SubmitButton({
  isPending,
  pendingLabel,
  children,
  ...props
}: { isPending: boolean; pendingLabel: string; children: ReactNode } & ButtonProps) {
  return (
    <Button type="submit" {...props} disabled={isPending}>
      {isPending ? pendingLabel : children}
    </Button>
  )
}
