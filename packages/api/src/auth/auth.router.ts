import {
  createUser,
  findUserCredentials,
  isResetTokenValid,
  normalizeEmail,
  linkPeopleToUser,
  resetPasswordWithToken,
  setPassword,
  setResetToken,
  UniqueViolationError,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { okOutput } from '../common.schema.ts'
import type { Context } from '../context.ts'
import { generateSecretToken, hashSecretToken } from '../secret-token.ts'
import { protectedProcedure, publicProcedure, router } from '../trpc.ts'
import {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  roleSchema,
  userOutput,
} from './auth.schema.ts'
import { assertUncommonPassword } from './common-passwords.ts'

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

const INVALID_CREDENTIALS = 'Invalid email or password'
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.'
const FORGOT_PASSWORD_REPLY =
  'If an account exists for that email, a password reset link is on its way.'

export const authRouter = router({
  me: publicProcedure.output(userOutput.nullable()).query(({ ctx }) => ctx.user),

  register: publicProcedure
    .input(registerInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const { confirmPassword: _confirmed, password, ...profile } = input
      await ctx.rateLimit({ 'register:ip': ctx.clientIp })
      assertUncommonPassword(password)
      const passwordHash = await ctx.auth.hashPassword(password)
      const user = await createUser(ctx.db, { ...profile, passwordHash }).catch(
        (error: unknown) => {
          if (error instanceof UniqueViolationError) {
            throw new TRPCError({
              code: 'CONFLICT',
              message: 'An account with this email already exists.',
            })
          }
          throw error
        },
      )
      await linkPeopleToUser(ctx.db, user.email)
      await ctx.auth.signIn(user.id)
      return user
    }),

  login: publicProcedure
    .input(loginInput)
    .output(z.object({ role: roleSchema, user: userOutput }))
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit({
        'login:ip': ctx.clientIp,
        'login:account-ip': `${normalizeEmail(input.email)}|${ctx.clientIp}`,
      })
      const account = await findUserCredentials(ctx.db, input.email)
      if (!account) {
        await ctx.auth.verifyDummyPassword(input.password)
        throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS })
      }
      const { passwordHash, ...user } = account
      if (!(await ctx.auth.verifyPassword(passwordHash, input.password))) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS })
      }
      if (!user.isActive) {
        throw new TRPCError({
          code: 'FORBIDDEN',
          message: 'This account has been deactivated. Please contact an administrator.',
        })
      }
      if (ctx.auth.isHashOutdated(passwordHash)) {
        await setPassword(ctx.db, {
          userId: user.id,
          passwordHash: await ctx.auth.hashPassword(input.password),
        })
      }
      await ctx.auth.signIn(user.id)
      return { role: user.role, user }
    }),

  logout: protectedProcedure.output(okOutput).mutation(async ({ ctx }) => {
    await ctx.auth.signOut()
    return { ok: true as const }
  }),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimit({
        'forgot-password:ip': ctx.clientIp,
        'forgot-password:account-ip': `${normalizeEmail(input.email)}|${ctx.clientIp}`,
      })
      const account = await findUserCredentials(ctx.db, input.email)
      // Storing the token and mailing it happen after the answer, which is therefore as quick
      // for a known address as for an unknown one.
      if (account?.isActive) ctx.afterResponse(() => mailResetLink(ctx, account))
      return { message: FORGOT_PASSWORD_REPLY }
    }),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const tokenHash = hashSecretToken(input.token)
      await ctx.rateLimit({ 'reset-password:ip': ctx.clientIp, 'reset-password:token': tokenHash })
      assertUncommonPassword(input.password)
      const invalidLink = new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_LINK })
      // Hashing costs a core for a while: only a real token's holder gets to spend it.
      if (!(await isResetTokenValid(ctx.db, { tokenHash, now: new Date() }))) throw invalidLink
      // Checked again as the token is spent, so two submits of one link cannot both succeed.
      const userId = await resetPasswordWithToken(ctx.db, {
        tokenHash,
        passwordHash: await ctx.auth.hashPassword(input.password),
        now: new Date(),
      })
      if (!userId) throw invalidLink
      await ctx.auth.endAllSessions(userId)
      return {
        message: 'Your password has been updated. You can now log in with your new password.',
      }
    }),

  changePassword: protectedProcedure
    .input(changePasswordInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      // A stolen session must not be a way to guess the password it would need to lock the owner out.
      await ctx.rateLimit({ 'change-password:user': ctx.user.id })
      assertUncommonPassword(input.password)
      const account = await findUserCredentials(ctx.db, ctx.user.email)
      const matches =
        account !== undefined &&
        (await ctx.auth.verifyPassword(account.passwordHash, input.currentPassword))
      // A 400, not a 401: the caller is signed in, and the app would take a 401 as signed out.
      if (!matches) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' })
      }
      await setPassword(ctx.db, {
        userId: ctx.user.id,
        passwordHash: await ctx.auth.hashPassword(input.password),
      })
      await ctx.auth.endOtherSessions(ctx.user.id)
      return {
        message: 'Your password has been changed. You have been signed out everywhere else.',
      }
    }),
})

/** Gives the account a fresh reset token and mails its link. */
async function mailResetLink(
  ctx: Pick<Context, 'db' | 'mailer' | 'appUrl'>,
  account: { id: string; email: string; firstName: string },
) {
  const token = generateSecretToken()
  await setResetToken(ctx.db, {
    userId: account.id,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  })
  const link = `${ctx.appUrl}/reset-password?token=${encodeURIComponent(token)}`
  await ctx.mailer.send({
    to: account.email,
    subject: 'Reset your FiveConnect password',
    text: [
      `Hello ${account.firstName},`,
      '',
      'Someone asked to reset the password of your FiveConnect account.',
      `Open this link within one hour to choose a new password:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  })
}
