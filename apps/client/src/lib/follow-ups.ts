/** Follow-ups are calendar days (YYYY-MM-DD), compared as the user's local days. */

/** The local calendar day of `date`, as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Whole days from `today` to `day` (negative when it has passed). */
export function daysUntil(day: string, today: string): number {
  return Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  )
}

/** 'Overdue by 3 days', 'Due today', 'Due tomorrow', 'Due in 5 days'. */
export function followUpLabel(day: string, today: string): string {
  const days = daysUntil(day, today)
  if (days < 0) return `Overdue by ${-days} ${-days === 1 ? 'day' : 'days'}`
  if (days === 0) return 'Due today'
  if (days === 1) return 'Due tomorrow'
  return `Due in ${days} days`
}

/** Where the server serves the follow-up as an iCalendar file. */
export const followUpCalendarUrl = (connectionId: string) =>
  `/api/connections/${connectionId}/follow-up.ics`
