/** The text as a LIKE pattern's literal part: its %, _ and \ match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)
