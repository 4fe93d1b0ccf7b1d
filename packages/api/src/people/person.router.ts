import { createPerson, findMetPeopleLike, searchPeople } from '@fiveconnect/db'
import { protectedProcedure, router } from '../trpc.ts'
import {
  createPersonInput,
  listDuplicatesInput,
  PEOPLE_SEARCH_LIMIT,
  PEOPLE_SEARCH_MIN_LENGTH,
  searchPeopleInput,
} from './person.schema.ts'

export const personRouter = router({
  search: protectedProcedure.input(searchPeopleInput).query(async ({ ctx, input }) => {
    const query = input.q.trim()
    if (query.length < PEOPLE_SEARCH_MIN_LENGTH) return []
    return searchPeople(ctx.db, { query, limit: PEOPLE_SEARCH_LIMIT })
  }),

  /** People the caller already met who are probably the one being added. */
  listDuplicates: protectedProcedure
    .input(listDuplicatesInput)
    .query(({ ctx, input }) =>
      findMetPeopleLike(ctx.db, { authorId: ctx.user.id, candidate: input }),
    ),

  create: protectedProcedure
    .input(createPersonInput)
    .mutation(({ ctx, input }) => createPerson(ctx.db, { ...input, createdBy: ctx.user.id })),
})
