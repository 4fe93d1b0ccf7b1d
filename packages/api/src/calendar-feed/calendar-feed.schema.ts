import { z } from 'zod'

export const calendarFeedStatusOutput = z.object({ hasFeed: z.boolean() })

/** The feed's links, answered once when it is created: only the token's hash is kept. */
export const calendarFeedLinksOutput = z.object({
  /** The https (or, in development, http) address to fetch or paste into a calendar app. */
  url: z.string(),
  /** The same address as webcal://, which phones and desktops open in their calendar app. */
  webcalUrl: z.string(),
})

export const calendarFeedTokenInput = z.object({
  token: z
    .string('The calendar feed link must be text')
    .max(200, 'The calendar feed link is too long'),
})

export type CalendarFeedStatus = z.output<typeof calendarFeedStatusOutput>
export type CalendarFeedLinks = z.output<typeof calendarFeedLinksOutput>
