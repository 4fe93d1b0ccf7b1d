import { notifications } from '@mantine/notifications'
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_IMAGE_BYTES } from '@fiveconnect/api/schemas'
import { installFakeMicrophone } from '../../../test/fake-media-recorder.ts'
import { server } from '../../../test/setup.ts'
import { makeEventListItem, makePerson, makeUser } from '../../../test/factories.ts'
import { findToast, renderApp } from '../../../test/render-app.tsx'
import { mockTrpc, trpcCallsTo, TrpcMockError } from '../../../test/trpc-msw.ts'

const fest = makeEventListItem({ title: 'Ideas Fest', isJoined: true })
const notJoined = makeEventListItem({ title: 'Other Summit', isJoined: false })
const grace = makePerson({ firstName: 'Grace', lastName: 'Hopper', company: 'Navy' })
const ownGrace = { kind: 'person', ...grace }
/** A registered user's public profile: no email, mobile or photo. */
const zoeProfile = {
  kind: 'profile',
  id: 'zoe-user',
  firstName: 'Zoe',
  lastName: 'Graham',
  company: 'Quillworks',
  email: null,
  profileImageUrl: null,
  hasUserProfile: true,
}
const savedConnection = { id: 'c1' }

function open(path = '/add-connection') {
  mockTrpc({
    'auth.me': () => makeUser(),
    'events.list': () => [fest, notJoined],
    'people.search': () => [ownGrace, zoeProfile],
    'people.createFromProfile': () =>
      makePerson({ id: 'zoe-person', firstName: 'Zoe', lastName: 'Graham', hasUserProfile: true }),
    'people.listDuplicates': () => [],
    'connections.create': () => savedConnection,
    'connections.createWithPerson': () => savedConnection,
    'connections.list': () => [],
    'events.listJoined': () => [],
  })
  return renderApp(path)
}

const findResult = (name: string) => screen.findByRole('button', { name: `Choose ${name}` })

afterEach(() => vi.unstubAllGlobals())

const section = (name: string) => screen.getByRole('region', { name })

describe('add connection', { timeout: 20_000 }, () => {
  it('keeps Save above the bottom navigation, and above the on-screen keyboard when one is up', async () => {
    const viewport = Object.assign(new EventTarget(), { height: window.innerHeight, offsetTop: 0 })
    vi.stubGlobal('visualViewport', viewport)
    open()
    const saveBar = (await screen.findByRole('button', { name: 'Save Connection' })).parentElement
    expect(saveBar).toHaveStyle({ position: 'sticky', bottom: '64px' })

    act(() => {
      viewport.height = window.innerHeight - 300
      viewport.dispatchEvent(new Event('resize'))
    })
    expect(saveBar).toHaveStyle({ bottom: '300px' })
  })

  it('saves the fast path: name, one type, save; then home with Connection Saved', async () => {
    const { user, currentPath } = open()
    await user.type(await screen.findByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace')
    await user.click(screen.getByRole('button', { name: 'Inner Circle Connection' }))
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(screen.getByText('Your connection has been saved successfully!')).toBeVisible()
    await waitFor(() => expect(currentPath()).toBe('/'))
    expect(trpcCallsTo('people.create')).toEqual([])
    expect(trpcCallsTo('connections.createWithPerson')).toEqual([
      {
        person: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: null,
          mobile: null,
          company: null,
          linkedin: null,
          website: null,
          profileImageUrl: null,
        },
        eventId: null,
        connectionTypes: ['IC'],
        connectionFocus: '',
        notes: '',
        photos: [],
        voiceNoteUrl: null,
        voiceNoteTranscription: null,
        voiceNoteRecordedAt: null,
        followUpOn: '',
      },
    ])
  })

  it('saves a follow-up date', async () => {
    const { user } = open()
    await user.type(await screen.findByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace')
    const date = screen.getByLabelText('Follow up on')
    expect(date).toHaveAttribute('type', 'date')
    await user.type(date, '2030-05-04')
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(trpcCallsTo('connections.createWithPerson')[0]).toMatchObject({
      followUpOn: '2030-05-04',
    })
  })

  it('offers joined events, preselects ?eventId= and keeps it in the saved connection', async () => {
    const { user } = open(`/add-connection?eventId=${fest.id}`)
    const select = await within(
      await screen.findByRole('region', { name: 'Select Event (Optional)' }),
    ).findByRole('combobox', { name: 'Event' })
    await waitFor(() => expect(select).toHaveValue(fest.id))
    expect(within(select).getByRole('option', { name: 'No event - Personal connection' }))
    expect(within(select).queryByRole('option', { name: /Other Summit/ })).not.toBeInTheDocument()
    await user.type(screen.getByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace')
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(trpcCallsTo('connections.createWithPerson')[0]).toMatchObject({ eventId: fest.id })
  })

  it("says 'Validation Error' when no person is chosen and a name is missing", async () => {
    const { user, currentPath } = open()
    await user.type(await screen.findByLabelText(/First name/), 'Ada')
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    const toast = await findToast('Validation Error')
    expect(toast).toHaveTextContent('First name and last name are required.')
    expect(trpcCallsTo('people.create')).toEqual([])
    expect(trpcCallsTo('connections.createWithPerson')).toEqual([])
    expect(currentPath()).toBe('/add-connection')
  })

  it('shows a bad email on its field and saves nothing', async () => {
    const { user } = open()
    await user.type(await screen.findByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace')
    await user.type(screen.getByLabelText('Email'), 'ada@')
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    expect(await screen.findByText('Invalid email address')).toBeVisible()
    expect(trpcCallsTo('people.create')).toEqual([])
    expect(trpcCallsTo('connections.createWithPerson')).toEqual([])
  })

  it('searches from 3 characters, selects one of my people and saves with that person', async () => {
    const { user } = open()
    const search = await screen.findByLabelText('Search by name')
    await user.type(search, 'Gr')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(trpcCallsTo('people.search')).toEqual([])
    await user.type(search, 'a')
    await user.click(await findResult('Grace Hopper'))
    await findToast('Person Selected')
    act(() => notifications.clean())
    expect(trpcCallsTo('people.search')).toContainEqual({ q: 'Gra' })
    expect(trpcCallsTo('people.search')).not.toContainEqual({ q: 'Gr' })
    const picked = within(section('Who did you meet?')).getByLabelText('Selected person')
    expect(picked).toHaveTextContent('Grace Hopper')
    expect(screen.queryByText('or add new person')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    // Already one of the user's people: recording them again would make a duplicate.
    expect(trpcCallsTo('people.create')).toEqual([])
    expect(trpcCallsTo('connections.createWithPerson')).toEqual([])
    expect(trpcCallsTo('connections.create')[0]).toMatchObject({ personId: grace.id })
  })

  it("records a registered user's public profile as the user's own person, then saves with it", async () => {
    const { user } = open()
    await user.type(await screen.findByLabelText('Search by name'), 'Gra')
    const zoe = await findResult('Zoe Graham')
    expect(zoe).toHaveTextContent('Verified')
    await user.click(zoe)
    await findToast('Person Selected')
    expect(trpcCallsTo('people.createFromProfile')).toEqual([{ userId: 'zoe-user' }])
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(trpcCallsTo('connections.create')[0]).toMatchObject({ personId: 'zoe-person' })
  })

  it('clears the chosen person when the search text changes', async () => {
    const { user } = open()
    const search = await screen.findByLabelText('Search by name')
    await user.type(search, 'Grace')
    await user.click(await findResult('Grace Hopper'))
    await findToast('Person Selected')
    await user.type(search, 'x')
    expect(screen.queryByLabelText('Selected person')).not.toBeInTheDocument()
    expect(screen.getByText('or add new person')).toBeVisible()
  })

  it("shows 'Selection Failed' when the chosen profile cannot be recorded", async () => {
    const { user } = open()
    mockTrpc({
      'people.createFromProfile': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    await user.type(await screen.findByLabelText('Search by name'), 'Zoe')
    await user.click(await findResult('Zoe Graham'))
    const toast = await findToast('Selection Failed')
    expect(toast).toHaveTextContent('Failed to select person. Please try again.')
  })

  it("shows 'Save Failed' and stays when the connection cannot be saved", async () => {
    const { user, currentPath } = open()
    mockTrpc({
      'connections.createWithPerson': () => {
        throw new TrpcMockError('INTERNAL_SERVER_ERROR', 'boom')
      },
    })
    await user.type(await screen.findByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace')
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    const toast = await findToast('Save Failed')
    expect(toast).toHaveTextContent('Failed to save connection. Please try again.')
    expect(currentPath()).toBe('/add-connection')
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada')
  })

  it('adds photos (checked first) and a voice note, and saves them with the connection', async () => {
    installFakeMicrophone()
    mockTrpc({
      'uploads.voiceNoteTranscription': () => ({ state: 'done', transcription: 'Loves sailing' }),
      'uploads.createUploadUrl': () => ({ uploadURL: 'http://storage.test/u/9?sig=1' }),
      'uploads.confirmConnectionPhoto': () => ({ objectPath: '/objects/photo-9' }),
    })
    server.use(
      http.put('http://storage.test/u/9', () => new HttpResponse(null, { status: 200 })),
      http.post('*/api/voice-notes', () =>
        HttpResponse.json({ voiceNoteUrl: '/objects/voice-9' }, { status: 201 }),
      ),
    )
    const { user } = open()
    await user.type(await screen.findByLabelText(/First name/), 'Ada')
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace')
    const details = section('Connection Details')
    const picker = details.querySelector('input[type="file"]') as HTMLInputElement
    const tooBig = new File(['jpeg'], 'big.jpg', { type: 'image/jpeg' })
    Object.defineProperty(tooBig, 'size', { value: MAX_IMAGE_BYTES + 1 })
    await user.upload(picker, tooBig)
    expect(await findToast('Upload Failed')).toHaveTextContent('Images must be 5 MB or smaller.')
    // One toast at a time: clear it so the next one shows.
    act(() => notifications.clean())
    await user.upload(picker, new File(['png'], 'a.png', { type: 'image/png' }))
    await findToast('Photo Added')
    act(() => notifications.clean())
    expect(within(details).getByRole('img', { name: 'Photo 1' })).toHaveAttribute(
      'src',
      '/objects/photo-9',
    )
    await user.click(within(details).getByRole('button', { name: 'Record' }))
    await user.click(await within(details).findByRole('button', { name: 'Stop' }))
    await user.click(within(details).getByRole('button', { name: 'Save & Transcribe' }))
    expect(await within(details).findByText('Loves sailing')).toBeVisible()
    act(() => notifications.clean())
    await user.click(screen.getByRole('button', { name: 'Save Connection' }))
    await findToast('Connection Saved')
    expect(trpcCallsTo('connections.createWithPerson')[0]).toMatchObject({
      photos: ['/objects/photo-9'],
      voiceNoteUrl: '/objects/voice-9',
      voiceNoteTranscription: 'Loves sailing',
    })
  })

  it("shows the server's reason when a photo is refused", async () => {
    server.use(http.put('http://storage.test/u/8', () => new HttpResponse(null, { status: 200 })))
    const { user } = open()
    mockTrpc({
      'uploads.createUploadUrl': () => ({ uploadURL: 'http://storage.test/u/8' }),
      'uploads.confirmConnectionPhoto': () => {
        throw new TrpcMockError('BAD_REQUEST', 'That file is not an image.')
      },
    })
    await screen.findByLabelText(/First name/)
    const picker = section('Connection Details').querySelector(
      'input[type="file"]',
    ) as HTMLInputElement
    await user.upload(picker, new File(['png'], 'a.png', { type: 'image/png' }))
    expect(await findToast('Upload Failed')).toHaveTextContent('That file is not an image.')
  })

  it('closes back to home', async () => {
    const { user, currentPath } = open()
    await user.click(await screen.findByRole('button', { name: 'Close' }))
    await waitFor(() => expect(currentPath()).toBe('/'))
  })
})
