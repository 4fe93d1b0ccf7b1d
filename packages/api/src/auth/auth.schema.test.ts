import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordForm,
  resetPasswordInput,
} from './auth.schema.ts'

const validRegistration = {
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  firstName: 'Ada',
  lastName: 'Lovelace',
}

function messagesFor(schema: z.ZodType, input: unknown): Record<string, string[] | undefined> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '(form)'
    fields[key] = [...(fields[key] ?? []), issue.message]
  }
  return fields
}

describe('sign-in schemas use the SPEC messages', () => {
  it.each([
    ['login email', loginInput, { email: 'nope', password: 'x' }, 'email', 'Invalid email address'],
    [
      'login password',
      loginInput,
      { email: 'a@b.co', password: '' },
      'password',
      'Password is required',
    ],
    [
      'register email',
      registerInput,
      { ...validRegistration, email: 'a@' },
      'email',
      'Invalid email address',
    ],
    [
      'register short password',
      registerInput,
      { ...validRegistration, password: '12345', confirmPassword: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      'register mismatch',
      registerInput,
      { ...validRegistration, confirmPassword: 'secret2' },
      'confirmPassword',
      "Passwords don't match",
    ],
    [
      'register first name',
      registerInput,
      { ...validRegistration, firstName: '  ' },
      'firstName',
      'First name is required',
    ],
    [
      'register last name',
      registerInput,
      { ...validRegistration, lastName: '' },
      'lastName',
      'Last name is required',
    ],
    ['forgot email', forgotPasswordInput, { email: 'x' }, 'email', 'Invalid email address'],
    [
      'reset short password',
      resetPasswordInput,
      { token: 't', password: 'abc' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      'reset form mismatch',
      resetPasswordForm,
      { password: 'secret1', confirmPassword: 'secret2' },
      'confirmPassword',
      "Passwords don't match",
    ],
  ])('%s', (_name, schema, input, field, message) => {
    expect(messagesFor(schema, input)[field]).toContain(message)
  })

  it('accepts a registration with the optional fields left blank, storing them as null', () => {
    const parsed = registerInput.parse({
      ...validRegistration,
      mobile: '',
      company: ' ',
      website: '',
      referredBy: '',
    })
    expect(parsed).toMatchObject({ mobile: null, company: null, website: null, referredBy: null })
  })

  it('accepts passwords up to 128 characters and refuses longer ones', () => {
    const longest = 'p'.repeat(128)
    expect(
      registerInput.safeParse({ ...validRegistration, password: longest, confirmPassword: longest })
        .success,
    ).toBe(true)
    const tooLong = 'p'.repeat(129)
    expect(
      registerInput.safeParse({ ...validRegistration, password: tooLong, confirmPassword: tooLong })
        .success,
    ).toBe(false)
  })
})
