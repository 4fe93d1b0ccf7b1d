/**
 * People have no job title field: a title (from a scanned card or a voice note) is the notes'
 * 'Job title: …' line.
 */
const JOB_TITLE_LINE = /^Job title: (.*)$/m

export const jobTitleInNotes = (notes: string) => JOB_TITLE_LINE.exec(notes)?.[1] ?? ''

/** The notes with `title` as their job title line, replacing one already there. */
export function notesWithJobTitle(notes: string, title: string): string {
  const line = `Job title: ${title}`
  if (JOB_TITLE_LINE.test(notes)) return notes.replace(JOB_TITLE_LINE, line)
  return notes.trim() ? `${line}\n${notes}` : line
}
