import { createAppPassword, deleteAppPassword, listAppPasswords } from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { okOutput } from '../common.schema.ts'
import { hashSecretToken } from '../secret-token.ts'
import { protectedProcedure, router } from '../trpc.ts'
import { generateAppPassword } from './app-password.ts'
import {
  appPasswordOutput,
  createAppPasswordInput,
  createdAppPasswordOutput,
  MAX_APP_PASSWORDS,
  revokeAppPasswordInput,
} from './app-passwords.schema.ts'

/** Passwords for address-book apps (CardDAV), one a device, never the account password. */
export const appPasswordsRouter = router({
  list: protectedProcedure
    .output(z.array(appPasswordOutput))
    .query(({ ctx }) => listAppPasswords(ctx.db, ctx.user.id)),

  create: protectedProcedure
    .input(createAppPasswordInput)
    .output(createdAppPasswordOutput)
    .mutation(async ({ ctx, input }) => {
      const existing = await listAppPasswords(ctx.db, ctx.user.id)
      if (existing.length >= MAX_APP_PASSWORDS) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `You have ${MAX_APP_PASSWORDS} app passwords. Please revoke one you no longer use first.`,
        })
      }
      const password = generateAppPassword()
      const appPassword = await createAppPassword(ctx.db, {
        userId: ctx.user.id,
        name: input.name,
        passwordHash: hashSecretToken(password),
      })
      return { appPassword, password, username: ctx.user.email, serverUrl: ctx.appUrl }
    }),

  revoke: protectedProcedure
    .input(revokeAppPasswordInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteAppPassword(ctx.db, { userId: ctx.user.id, id: input.id }))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'App password not found.' })
      }
      return { ok: true as const }
    }),
})
