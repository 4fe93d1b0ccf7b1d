import { describe, expect, it } from 'vitest'
import { connectionsPerUser, generateDataset } from './dataset.ts'
import { createRandom } from './random.ts'
import { MEASURED_USER_CONNECTIONS, SIZES } from './sizes.ts'

const tiny = { users: 20, events: 5, people: 300, connections: 1_000 }
const now = new Date('2026-03-01T00:00:00Z')
const generate = (seed: number) => generateDataset({ size: tiny, seed, passwordHash: 'hash', now })
const allConnections = (seed: number) => [...generate(seed).connectionBatches(128)].flat()

describe('the benchmark dataset', () => {
  it('is the same for the same seed and differs for another seed', () => {
    const first = generate(42)
    const again = generate(42)
    expect(again.users).toEqual(first.users)
    expect(again.people).toEqual(first.people)
    expect(again.attendance).toEqual(first.attendance)
    expect(allConnections(42)).toEqual(allConnections(42))
    expect(generate(43).users.map((user) => user.id)).not.toEqual(first.users.map((u) => u.id))
  })

  it('gives the measured user exactly 500 connections and the others the rest', () => {
    const dataset = generate(7)
    const connections = allConnections(7)
    expect(connections).toHaveLength(tiny.connections)
    const measured = connections.filter(
      (connection) => connection.authorId === dataset.accounts.measured.id,
    )
    expect(measured).toHaveLength(MEASURED_USER_CONNECTIONS)
    expect(new Set(connections.map((connection) => connection.id)).size).toBe(tiny.connections)
  })

  it('connects each author only to their own people, and gives the writer people to connect to', () => {
    const dataset = generate(5)
    const ownerOf = new Map(dataset.people.map((person) => [person.id, person.ownerId]))
    for (const connection of allConnections(5)) {
      expect(ownerOf.get(connection.personId)).toBe(connection.authorId)
    }
    const writersPeople = dataset.people.filter(
      (person) => person.ownerId === dataset.accounts.writer.id,
    )
    expect(writersPeople.length).toBeGreaterThan(0)
  })

  it('lets nobody but the measured user have exactly 500 connections at full size', () => {
    const { users, connections } = SIZES.full
    const counts = connectionsPerUser(createRandom(1), users, connections)
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(connections)
    expect(counts.filter((count) => count === MEASURED_USER_CONNECTIONS)).toHaveLength(1)
    expect(counts[0]).toBe(MEASURED_USER_CONNECTIONS)
  })

  it('has unique emails, an admin, and search terms of at least three letters', () => {
    const dataset = generate(3)
    const emails = dataset.people.flatMap((person) => (person.email ? [person.email] : []))
    expect(new Set(emails).size).toBe(emails.length)
    expect(new Set(dataset.users.map((user) => user.email)).size).toBe(tiny.users)
    expect(dataset.users.find((user) => user.id === dataset.accounts.admin.id)?.role).toBe('admin')
    expect(dataset.searchTerms.length).toBeGreaterThan(5)
    for (const term of dataset.searchTerms) expect(term.length).toBeGreaterThanOrEqual(3)
  })
})
