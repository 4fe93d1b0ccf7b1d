/**
 * What the server acknowledged, to check against the database afterwards: a write the server
 * answered 2xx must be there (or gone, for a delete); a write without an answer may be either.
 */
export class Ledger {
  /** Connection id → the notes it may hold now (one when the last change was acknowledged). */
  private readonly expectedNotes = new Map<string, Set<string>>()
  private readonly deleted = new Map<string, 'acknowledged' | 'unknown'>()
  readonly markers = new Set<string>()
  /** Voice notes the server acknowledged storing: each must get its transcription job's outcome. */
  readonly voiceNotes = new Set<string>()

  created(id: string, note: string) {
    this.markers.add(note)
    this.expectedNotes.set(id, new Set([note]))
  }

  edited(id: string, note: string, acknowledged: boolean) {
    this.markers.add(note)
    const notes = this.expectedNotes.get(id)
    if (!notes) return
    if (acknowledged) this.expectedNotes.set(id, new Set([note]))
    else notes.add(note)
  }

  removed(id: string, acknowledged: boolean) {
    this.deleted.set(id, acknowledged ? 'acknowledged' : 'unknown')
  }

  /** Compares with the rows found: id → notes. */
  verify(rows: Map<string, string | null>, notesCount: Map<string, number>) {
    let lost = 0
    let resurrected = 0
    let wrongContent = 0
    for (const [id, notes] of this.expectedNotes) {
      const deletion = this.deleted.get(id)
      const row = rows.get(id)
      if (deletion === 'acknowledged') {
        if (row !== undefined) resurrected++
        continue
      }
      if (row === undefined) {
        if (!deletion) lost++
        continue
      }
      if (row === null || !notes.has(row)) wrongContent++
    }
    const duplicated = [...notesCount.values()].filter((count) => count > 1).length
    return {
      acknowledgedCreates: this.expectedNotes.size,
      lost,
      resurrected,
      wrongContent,
      duplicated,
    }
  }
}
