import { createPerson, searchPeople } from '@fiveconnect/db'
import { protectedProcedure, router } from '../trpc.ts'
import {
  createPersonInput,
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

  create: protectedProcedure
    .input(createPersonInput)
    .mutation(({ ctx, input }) => createPerson(ctx.db, { ...input, createdBy: ctx.user.id })),
})
