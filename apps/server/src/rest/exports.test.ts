import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

let t: TestApp
let user: Awaited<ReturnType<typeof registerUser>>
let admin: Awaited<ReturnType<typeof signInAdmin>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signInAdmin(t)
  user = await registerUser(t)
  const stranger = await registerUser(t)
  for (const [owner, firstName, notes] of [
    [user, 'Grace', '=cmd|"/c calc"'],
    [stranger, 'Hidden', 'not yours'],
  ] as const) {
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: {
          firstName,
          lastName: 'Hopper',
          email: `${firstName.toLowerCase()}@navy.example`,
          linkedin: 'linkedin.com/in/grace',
          company: 'US Navy, Research',
        },
        cookie: owner.cookie,
      }),
    )
    await t.request('/api/connections', {
      body: { personId: person.id, connectionTypes: ['SA', 'IC'], notes },
      cookie: owner.cookie,
    })
  }
})
afterAll(() => t.close())

describe('exports', () => {
  it('give a user their own connections as a CSV download', async () => {
    const response = await t.request('/api/connections/export.csv', { cookie: user.cookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="fiveconnect-connections.csv"',
    )
    const [header, row, ...rest] = (await response.text()).split('\r\n')
    expect(header).toMatch(/^Connected,First name,Last name,Email/)
    expect(row).toContain('Grace,Hopper,grace@navy.example')
    expect(row).toContain('"US Navy, Research"')
    expect(row).toContain(`"'=cmd|""/c calc"""`)
    expect(rest).toEqual([''])
  })

  it('give a user their own connections as vCards for a phone’s address book', async () => {
    const response = await t.request('/api/connections/export.vcf', { cookie: user.cookie })
    expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8')
    const text = await response.text()
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(1)
    expect(text).toContain('FN:Grace Hopper')
    expect(text).toContain('EMAIL;TYPE=INTERNET:grace@navy.example')
    expect(text).toContain('X-SOCIALPROFILE;TYPE=linkedin:https://linkedin.com/in/grace')
    expect(text).not.toContain('Hidden')
  })

  it('give one of a user’s connections as a contact card, and another user’s as 404', async () => {
    type Listed = { id: string; person: { firstName: string } }
    const [grace] = await json<Listed[]>(
      await t.request('/api/connections', { cookie: user.cookie }),
    )
    const response = await t.request(`/api/connections/${grace?.id}/contact.vcf`, {
      cookie: user.cookie,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="grace-hopper.vcf"',
    )
    const text = await response.text()
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(1)
    expect(text).toContain('ORG:US Navy\\, Research')
    expect(text).toContain('NOTE:Types: SA\\, IC')

    const stranger = await registerUser(t)
    const notTheirs = await t.request(`/api/connections/${grace?.id}/contact.vcf`, {
      cookie: stranger.cookie,
    })
    expect(notTheirs.status).toBe(404)
  })

  it('give a user their own contact card, and nothing signed out', async () => {
    const member = await registerUser(t, {
      firstName: 'Zoë',
      lastName: "O'Brien",
      company: 'Acme; Widgets',
      mobile: '+44 7700 900123',
    })
    const response = await t.request('/api/profile/vcard.vcf', { cookie: member.cookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="zoe-o-brien.vcf"',
    )
    expect((await response.text()).split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      "N:O'Brien;Zoë;;;",
      "FN:Zoë O'Brien",
      'ORG:Acme\\; Widgets',
      `EMAIL;TYPE=INTERNET:${member.email}`,
      'TEL;TYPE=CELL:+44 7700 900123',
      'END:VCARD',
      '',
    ])
    expect((await t.request('/api/profile/vcard.vcf')).status).toBe(401)
  })

  it('give an admin every table as CSV, without password or reset fields', async () => {
    const users = await t.request('/api/admin/export/users.csv', { cookie: admin.cookie })
    expect(users.status).toBe(200)
    const text = await users.text()
    expect(text).toContain(user.email)
    expect(text).not.toMatch(/password|reset/i)

    for (const entity of ['events', 'people', 'connections', 'attendance']) {
      const response = await t.request(`/api/admin/export/${entity}.csv`, { cookie: admin.cookie })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toContain(`fiveconnect-${entity}.csv`)
    }
    const connections = await (
      await t.request('/api/admin/export/connections.csv', { cookie: admin.cookie })
    ).text()
    expect(connections).toContain('Hidden')
  })

  it('send a table as it is read: the header row before any row', async () => {
    const response = await t.request('/api/admin/export/people.csv', { cookie: admin.cookie })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    const first = await reader.read()
    expect(decoder.decode(first.value)).toBe(
      'id,firstName,lastName,email,mobile,company,title,location,linkedin,website,profileImageUrl,hasUserProfile,createdAt,updatedAt\r\n',
    )
    let rest = ''
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
      rest += decoder.decode(piece.value, { stream: true })
    }
    expect(rest).toContain('Hidden,Hopper')
  })

  it('give an admin the attendance, with a header row even before anyone joins', async () => {
    const download = async () =>
      (await t.request('/api/admin/export/attendance.csv', { cookie: admin.cookie })).text()
    expect(await download()).toBe('eventId,eventTitle,userId,userEmail,joinedAt\r\n')

    const [event] = await json<{ id: string }[]>(
      await t.request('/api/events', { cookie: user.cookie }),
    )
    await t.request(`/api/events/${event?.id ?? ''}/attend`, { body: {}, cookie: user.cookie })
    const [, row] = (await download()).split('\r\n')
    expect(row).toMatch(new RegExp(`^${event?.id ?? ''},Ideas Fest,${user.id},${user.email},`))
  })

  it('refuse an unknown table, attendees and signed-out visitors', async () => {
    const unknown = await t.request('/api/admin/export/sessions.csv', { cookie: admin.cookie })
    expect(unknown.status).toBe(400)
    expect((await json(unknown)).message).toBe('Unknown export')
    expect((await t.request('/api/admin/export/users.csv', { cookie: user.cookie })).status).toBe(
      403,
    )
    expect((await t.request('/api/connections/export.csv')).status).toBe(401)
  })
})
