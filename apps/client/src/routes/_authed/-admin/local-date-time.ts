const pad = (value: number) => String(value).padStart(2, '0')

/** The 16-character local date-time text a datetime-local input holds: YYYY-MM-DDTHH:mm. */
export function toLocalDateTimeText(date: Date | null | undefined): string {
  if (!date) return ''
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  )
}

/** The instant a datetime-local text means in the browser's time zone; blank is null. */
export function fromLocalDateTimeText(text: string): Date | null {
  return text ? new Date(text) : null
}
