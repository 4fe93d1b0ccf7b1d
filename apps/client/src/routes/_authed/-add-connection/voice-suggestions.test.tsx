import { act, screen, within } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeMicrophone } from '../../../test/fake-media-recorder.ts'
import { server } from '../../../test/setup.ts'
import { makeConnection, makePerson, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo } from '../../../test/trpc-msw.ts'

const TRANSCRIPT =
  'Jane works at Acme Corp on payments. Email jane at acme dot com. Follow up on 3 December 2030.'

afterEach(() => vi.unstubAllGlobals())

function open(path: string) {
  mockTrpc({
    'auth.me': () => makeUser(),
    'events.list': () => [],
    'people.search': () => [],
    'people.listDuplicates': () => [],
    'connections.create': () => ({ id: 'c1' }),
    'connections.createWithPerson': () => ({ id: 'c1' }),
    'connections.list': () => [],
    'connections.update': () => ({ id: 'c1' }),
    'connections.search': () => [],
  })
  return renderApp(path)
}

/** A microphone, and a server that stores the recording and has transcribed it as `transcript`. */
function recordingAnsweredWith(transcript: string) {
  installFakeMicrophone()
  server.use(
    http.post('*/api/voice-notes', () =>
      HttpResponse.json({ voiceNoteUrl: '/objects/voice-1' }, { status: 201 }),
    ),
  )
  mockTrpc({
    'uploads.voiceNoteTranscription': () => ({ state: 'done', transcription: transcript }),
  })
}

const suggestions = () => screen.findByRole('group', { name: 'Suggestions from the voice note' })

describe('suggestions from the voice note', { timeout: 20_000 }, () => {
  it('on Add Connection: proposes, fills only what is tapped, and saves what was accepted', async () => {
    recordingAnsweredWith(TRANSCRIPT)
    const { user } = open('/add-connection')
    await user.type(await screen.findByLabelText(/First name/), 'Jane')
    await user.type(screen.getByLabelText(/Last name/), 'Doe')
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await user.click(await screen.findByRole('button', { name: 'Stop' }))
    await user.click(screen.getByRole('button', { name: 'Save & Transcribe' }))
    await findToast('Voice Note Saved')
    act(() => notifications.clean())

    const offered = await suggestions()
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Follow up Tue 3 Dec 2030', 'Use email jane@acme.com', 'Use company Acme Corp'])
    // Proposed, not applied.
    expect(screen.getByLabelText(/Follow up on/)).toHaveValue('')
    expect(screen.getByLabelText('Email')).toHaveValue('')

    await user.click(within(offered).getByRole('button', { name: 'Follow up Tue 3 Dec 2030' }))
    expect(screen.getByLabelText(/Follow up on/)).toHaveValue('2030-12-03')
    expect(within(offered).getByRole('status')).toHaveTextContent(
      'Follow-up date filled in from the voice note.',
    )
    await user.click(within(offered).getByRole('button', { name: 'Use email jane@acme.com' }))
    expect(screen.getByLabelText('Email')).toHaveValue('jane@acme.com')
    // What was accepted is no longer offered; the company was not tapped and stays empty.
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Use company Acme Corp'])
    expect(screen.getByLabelText('Company')).toHaveValue('')

    await user.click(screen.getByRole('button', { name: 'Inner Circle Connection' }))
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    const created = trpcCallsTo('connections.createWithPerson')[0] as {
      voiceNoteRecordedAt: unknown
    }
    expect(created).toMatchObject({
      person: { email: 'jane@acme.com', company: null },
      followUpOn: '2030-12-03',
      voiceNoteTranscription: TRANSCRIPT,
    })
    // Kept with the note, so the edit dialog counts 'next Tuesday' from the same moment.
    expect(created.voiceNoteRecordedAt).toBeInstanceOf(Date)
  })

  it("offers the job title said with the company, and puts it in the notes' title line", async () => {
    recordingAnsweredWith(
      "Carlos used to work at IBM but now he's head of growth at Finch Robotics, email carlos at finch robotics dot io.",
    )
    const { user } = open('/add-connection')
    await user.type(await screen.findByLabelText(/First name/), 'Carlos')
    await user.type(screen.getByLabelText('Notes'), 'Met at the robotics stand')
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await user.click(await screen.findByRole('button', { name: 'Stop' }))
    await user.click(screen.getByRole('button', { name: 'Save & Transcribe' }))
    const offered = await suggestions()
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Use email carlos@finchrobotics.io',
      'Use company Finch Robotics',
      'Use job title Head of Growth',
    ])
    await user.click(within(offered).getByRole('button', { name: 'Use job title Head of Growth' }))
    expect(screen.getByLabelText('Notes')).toHaveValue(
      'Job title: Head of Growth\nMet at the robotics stand',
    )
    await user.click(within(offered).getByRole('button', { name: 'Use company Finch Robotics' }))
    expect(screen.getByLabelText('Company')).toHaveValue('Finch Robotics')
  })

  it('with a chosen person, offers only the follow-up', async () => {
    recordingAnsweredWith(TRANSCRIPT)
    const grace = makePerson({ firstName: 'Grace', lastName: 'Hopper' })
    const { user } = open('/add-connection')
    mockTrpc({ 'people.search': () => [{ kind: 'person', ...grace }] })
    await user.type(await screen.findByLabelText('Search by name'), 'Grace')
    await user.click(await screen.findByRole('button', { name: 'Choose Grace Hopper' }))
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await user.click(await screen.findByRole('button', { name: 'Stop' }))
    await user.click(screen.getByRole('button', { name: 'Save & Transcribe' }))
    const offered = await suggestions()
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Follow up Tue 3 Dec 2030'])
  })

  it('on the edit dialog: a saved transcript, read from when it was recorded', async () => {
    const recordedAt = new Date('2030-12-30T12:00:00Z')
    const connection = makeConnection({
      // Recorded with no signal, synced a week later: 'next Monday' counts from the recording.
      voiceNoteRecordedAt: recordedAt,
      createdAt: new Date('2031-01-08T12:00:00Z'),
      voiceNoteUrl: '/objects/voice-2',
      voiceNoteTranscription:
        'call him at four one five five five five two six seven one next Monday',
      person: makePerson({ firstName: 'Alan', lastName: 'Turing', mobile: null }),
    })
    mockTrpc({ 'connections.list': () => [connection] })
    const { user } = open('/connections')
    mockTrpc({ 'connections.list': () => [connection] })
    await user.click(await screen.findByRole('button', { name: /^Alan Turing/ }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Edit Connection' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' })
    const offered = await within(dialog).findByRole('group', {
      name: 'Suggestions from the voice note',
    })
    // jsdom's language is en-US: a number without +1 is read as American.
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Follow up Mon 6 Jan 2031', 'Use mobile +1 415 555 2671'])
    await user.click(within(offered).getByRole('button', { name: 'Follow up Mon 6 Jan 2031' }))
    expect(within(dialog).getByLabelText('Follow-up date')).toHaveValue('2031-01-06')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    await findToast('Connection Updated')
    expect(trpcCallsTo('connections.update')[0]).toMatchObject({
      id: connection.id,
      followUpOn: '2031-01-06',
      voiceNoteRecordedAt: recordedAt,
    })
  })

  it('on the edit dialog: a note saved before recording times were kept counts from the save', async () => {
    const connection = makeConnection({
      createdAt: new Date('2030-12-30T12:00:00Z'),
      voiceNoteUrl: '/objects/voice-3',
      voiceNoteTranscription: 'see you tomorrow',
      person: makePerson({ firstName: 'Ada', lastName: 'Byron' }),
    })
    mockTrpc({ 'connections.list': () => [connection] })
    const { user } = open('/connections')
    mockTrpc({ 'connections.list': () => [connection] })
    await user.click(await screen.findByRole('button', { name: /^Ada Byron/ }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Edit Connection' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Edit Connection' })
    await within(dialog).findByRole('button', { name: 'Follow up Tue 31 Dec' })
  })
})
