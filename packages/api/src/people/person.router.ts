import {
  createPerson,
  createPersonFromProfile,
  findMetPeopleLike,
  searchPeopleAndProfiles,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { z } from 'zod'
import { protectedProcedure, router } from '../trpc.ts'
import {
  createPersonFromProfileInput,
  createPersonInput,
  listDuplicatesInput,
  metPersonOutput,
  peopleSearchOutput,
  personOutput,
  searchPeopleInput,
} from './person.schema.ts'
import { peopleSearchOf } from './people-search.ts'

export const personRouter = router({
  /** The caller's own people first, then registered users' public profiles, one page in all. */
  search: protectedProcedure
    .input(searchPeopleInput)
    .output(peopleSearchOutput)
    .query(({ ctx, input }) => {
      const search = peopleSearchOf(ctx.user.id, input)
      return search ? searchPeopleAndProfiles(ctx.db, search) : []
    }),

  /** People the caller already met who are probably the one being added. */
  listDuplicates: protectedProcedure
    .input(listDuplicatesInput)
    .output(z.array(metPersonOutput))
    .query(({ ctx, input }) =>
      findMetPeopleLike(ctx.db, { authorId: ctx.user.id, candidate: input }),
    ),

  create: protectedProcedure
    .input(createPersonInput)
    .output(personOutput)
    .mutation(async ({ ctx, input }) => {
      if (input.profileImageUrl) await ctx.files.assertOwned([input.profileImageUrl], ctx.user.id)
      return createPerson(ctx.db, { ...input, ownerId: ctx.user.id })
    }),

  /** Saves a registered user, picked from search, as one of the caller's people. */
  createFromProfile: protectedProcedure
    .input(createPersonFromProfileInput)
    .output(personOutput)
    .mutation(async ({ ctx, input }) => {
      const person = await createPersonFromProfile(ctx.db, { ownerId: ctx.user.id, ...input })
      if (!person) throw new TRPCError({ code: 'NOT_FOUND', message: 'That user does not exist.' })
      return person
    }),
})
