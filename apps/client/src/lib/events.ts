/** SPEC section 4: Upcoming if the start is after now, else Past. */
export function isUpcoming(event: { startDateTime: Date }, now = new Date()): boolean {
  return event.startDateTime.getTime() > now.getTime()
}

/** SPEC section 2: upcoming first, soonest first; then past events, most recent first. */
export function byEventOrder<T extends { startDateTime: Date }>(
  events: readonly T[],
  now = new Date(),
) {
  const upcoming = events
    .filter((event) => isUpcoming(event, now))
    .sort((a, b) => a.startDateTime.getTime() - b.startDateTime.getTime())
  const past = events
    .filter((event) => !isUpcoming(event, now))
    .sort((a, b) => b.startDateTime.getTime() - a.startDateTime.getTime())
  return [...upcoming, ...past]
}
