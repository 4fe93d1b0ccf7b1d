import { execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { events, people } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { createDAVClient } from 'tsdav'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOverNode, type NodeServer } from '../test/node-server.ts'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'
import { trpcMutation } from '../test/trpc-calls.ts'

// Address-book clients we did not write, against the app on a real port: vdirsyncer (Debian's
// package) syncing into a folder, Python's vobject reading what it wrote, and tsdav (npm)
// finding the book from the bare host, as a phone's account setup does.

const SETUP_HINT = 'scripts/setup-test-deps.sh installs vdirsyncer and python3-vobject'
const run = promisify(execFile)

let t: TestApp
let server: NodeServer
let base: string
let owner: Awaited<ReturnType<typeof registerUser>>
let dir: string
const personIds: Record<string, string> = {}

async function meet(
  person: Record<string, string>,
  connection: Record<string, unknown>,
  cookie = owner.cookie,
) {
  const created = await t.request('/api/people', { body: person, cookie })
  const { id } = await json<{ id: string }>(created)
  await t.request('/api/connections', {
    body: { personId: id, connectionTypes: ['SA'], ...connection },
    cookie,
  })
  personIds[person.firstName ?? ''] = id
  return id
}

beforeAll(async () => {
  server = await serveOverNode((request, env) => t.app.fetch(request, env))
  base = server.base
  t = await createTestApp({ appUrl: base })
  dir = await mkdtemp(join(tmpdir(), 'fiveconnect-dav-'))
  owner = await registerUser(t)
  const [event] = await t.db.select().from(events)
  await meet(
    {
      firstName: 'Zoë',
      lastName: "O'Brien",
      company: 'Harbourlight, Ltd',
      email: 'zoe.obrien@harbourlight.example',
      mobile: '+44 20 7946 0958',
      website: 'harbourlight.example',
      linkedin: 'linkedin.com/in/zoe-obrien',
    },
    { eventId: event?.id, connectionTypes: ['SA', 'JV'] },
  )
  // Someone in the book without a meeting, as an imported contact is.
  const rajesh = await t.request('/api/people', {
    body: { firstName: 'Rajesh', lastName: 'Patel', company: 'Finch Robotics' },
    cookie: owner.cookie,
  })
  personIds.Rajesh = (await json<{ id: string }>(rajesh)).id
  await meet({ firstName: 'Grace', lastName: 'Hopper' }, {})
  await t.db
    .update(people)
    .set({ title: 'Head of Growth' })
    .where(eq(people.id, personIds.Rajesh ?? ''))
})
afterAll(async () => {
  await server.close()
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

async function vdirsyncerSync(password: string) {
  const config = join(dir, 'config')
  await writeFile(
    config,
    `[general]
status_path = "${join(dir, 'status')}/"

[pair contacts]
a = "fiveconnect"
b = "folder"
collections = null
conflict_resolution = "a wins"

[storage fiveconnect]
type = "carddav"
url = "${base}/dav/addressbooks/people/"
username = "${owner.email}"
password = "${password}"
read_only = true

[storage folder]
type = "filesystem"
path = "${join(dir, 'contacts')}/"
fileext = ".vcf"
`,
  )
  const vdirsyncer = (...args: string[]) =>
    run('vdirsyncer', ['-c', config, ...args], { env: { ...process.env, LC_ALL: 'C.UTF-8' } })
  try {
    await mkdir(join(dir, 'contacts'), { recursive: true })
    await vdirsyncer('discover', 'contacts')
    const { stdout, stderr } = await vdirsyncer('sync')
    return { ok: true, output: `${stdout}${stderr}` }
  } catch (error) {
    const failed = error as { code?: string; stdout?: string; stderr?: string }
    if (failed.code === 'ENOENT') throw new Error(`No vdirsyncer: ${SETUP_HINT}`)
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

/** Each card in the folder as Python's vobject reads it. */
async function readFolder(): Promise<Record<string, string | string[]>[]> {
  const script = `
import json, sys, vobject
cards = []
for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        card = vobject.readOne(f.read())
    read = lambda name: [str(c.value) for c in card.contents.get(name, [])]
    cards.append({
        'fn': card.fn.value, 'given': card.n.value.given, 'family': card.n.value.family,
        'org': [';'.join(c.value) for c in card.contents.get('org', [])],
        'title': read('title'), 'email': read('email'), 'tel': read('tel'), 'url': read('url'),
        'note': read('note'), 'categories': [','.join(c.value) for c in card.contents.get('categories', [])],
        'linkedin': read('x-socialprofile'), 'uid': card.uid.value,
    })
print(json.dumps(cards))
`
  const folder = join(dir, 'contacts')
  const files = (await readdir(folder)).map((file) => join(folder, file))
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/python3', ['-c', script, ...files])
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as never) : reject(new Error(`${err}\n(${SETUP_HINT})`)),
    )
  })
}

const byName = (cards: Record<string, string | string[]>[], given: string) =>
  cards.find((card) => card.given === given)

describe('real CardDAV clients', () => {
  it('vdirsyncer syncs every card, then only what changed, and stops at a revoked password', async () => {
    const { password, appPassword } = await trpcMutation<{
      password: string
      appPassword: { id: string }
    }>(t, owner.cookie, 'appPasswords.create', { name: 'vdirsyncer' })

    const first = await vdirsyncerSync(password)
    expect(first.output, first.output).toMatch(/Copying \(uploading\) item/)
    const cards = await readFolder()
    expect(cards).toHaveLength(3)
    expect(byName(cards, 'Zoë')).toMatchObject({
      fn: "Zoë O'Brien",
      family: "O'Brien",
      org: ['Harbourlight, Ltd'],
      email: ['zoe.obrien@harbourlight.example'],
      tel: ['+44 20 7946 0958'],
      url: ['https://harbourlight.example'],
      linkedin: ['https://linkedin.com/in/zoe-obrien'],
      uid: personIds.Zoë,
    })
    expect(byName(cards, 'Zoë')?.note?.[0]).toMatch(
      /^Met at .+ on \d{4}-\d{2}-\d{2} \(Strategic Alliance, Joint Venture\)$/,
    )
    expect(byName(cards, 'Zoë')?.categories?.[0]).toMatch(
      /^FiveConnect,.+,Strategic Alliance,Joint Venture$/,
    )
    expect(byName(cards, 'Rajesh')).toMatchObject({
      title: ['Head of Growth'],
      org: ['Finch Robotics'],
    })

    // One edit (Grace met again) and one deletion (as undoing an import deletes the people it
    // added); the next sync moves exactly those two.
    await t.request('/api/connections', {
      body: { personId: personIds.Grace, connectionTypes: ['RF'] },
      cookie: owner.cookie,
    })
    await t.db.delete(people).where(eq(people.id, personIds.Rajesh ?? ''))
    const second = await vdirsyncerSync(password)
    // vdirsyncer runs the two in either order.
    const moved = second.output
      .split('\n')
      .filter((line) => /^(Copying|Deleting)/.test(line))
      .sort()
    expect(moved, second.output).toEqual([
      expect.stringMatching(/^Copying \(updating\) item .*to folder/),
      expect.stringMatching(/^Deleting item .* from folder/),
    ])
    const after = await readFolder()
    expect(after.map((card) => card.given).sort()).toEqual(['Grace', 'Zoë'])
    expect(byName(after, 'Grace')?.note?.[0]).toContain('(Raving Fan)')

    await trpcMutation(t, owner.cookie, 'appPasswords.revoke', { id: appPassword.id })
    const refused = await vdirsyncerSync(password)
    expect(refused.ok).toBe(false)
    expect(refused.output).toMatch(/401/)
  })

  it('tsdav finds the address book from the bare host and reads every card', async () => {
    const user = await registerUser(t)
    await meet({ firstName: 'Katherine', lastName: 'Johnson' }, {}, user.cookie)
    await meet({ firstName: 'Hedy', lastName: 'Lamarr' }, {}, user.cookie)
    const { password } = await trpcMutation<{ password: string }>(
      t,
      user.cookie,
      'appPasswords.create',
      { name: 'tsdav' },
    )
    const client = await createDAVClient({
      serverUrl: base,
      credentials: { username: user.email, password },
      authMethod: 'Basic',
      defaultAccountType: 'carddav',
    })
    const [book, ...others] = await client.fetchAddressBooks()
    expect(others).toEqual([])
    expect(book?.url).toBe(`${base}/dav/addressbooks/people/`)
    const cards = await client.fetchVCards({ addressBook: book ?? { url: '' } })
    const names = cards.map((card) => /\r\nFN:(.*)\r\n/.exec(String(card.data))?.[1]).sort()
    expect(names).toEqual(['Hedy Lamarr', 'Katherine Johnson'])
    expect(cards.every((card) => card.etag?.startsWith('"'))).toBe(true)
  })
})
