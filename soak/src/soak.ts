import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { parseArgs, promisify } from 'node:util'
import { startApp } from '@fiveconnect/e2e/app-server'
import { createTestDb } from '@fiveconnect/db/testing'
import postgres from 'postgres'
import { startCluster } from './cluster.ts'
import {
  checkSharedState,
  digestRecipients,
  digestsReceived,
  type Check,
} from './cross-instance.ts'
import { Ledger } from './ledger.ts'
import { VirtualUser, type Outcome } from './virtual-user.ts'

// 100 simulated attendees doing the real mix against the production build on Postgres, with a
// Postgres restart half-way. Loopback only; bounded in time. Usage: pnpm soak [--users N]
// [--seconds S] [--no-restart] [--cluster NAME] [--instances N [--kill-signal SIGKILL|SIGTERM]]
//
// With --instances 2 or more: that many instances behind HAProxy on one Postgres, s3rver and an
// SMTP sink (cluster.ts), with checks of what they share first; then, under load, the last
// instance is killed at a third of the run and started again at half, and Postgres is restarted
// at two thirds.

const { values: options } = parseArgs({
  options: {
    users: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '300' },
    'no-restart': { type: 'boolean', default: false },
    // The Debian cluster to restart: one of its own (with TEST_DATABASE_URL on its port) leaves a
    // Postgres that others share alone.
    cluster: { type: 'string', default: 'main' },
    instances: { type: 'string', default: '1' },
    'kill-signal': { type: 'string', default: 'SIGKILL' },
  },
})
const USERS = Number(options.users)
const DURATION_MS = Number(options.seconds) * 1000
const INSTANCES = Number(options.instances)
const KILL_SIGNAL = options['kill-signal'] as NodeJS.Signals
/** Users who get a reminder digest during the cluster soak: each must get exactly one. */
const DIGEST_USERS = 5
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

// Asynchronous, so the simulated users keep sending (and timing) requests during the restart.
async function restartPostgres() {
  const version = readdirSync('/etc/postgresql')[0]
  if (!version) throw new Error('No Postgres cluster found under /etc/postgresql')
  await promisify(execFile)('pg_ctlcluster', [
    '--skip-systemctl-redirect',
    version,
    options.cluster,
    'restart',
  ])
}

/** One second of 8 kHz, 16-bit mono silence as WAV: a recording the server stores and transcribes. */
function silentWav(): Blob {
  const samples = 8000
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + samples * 2, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(samples * 2, 40)
  return new Blob([header, Buffer.alloc(samples * 2)], { type: 'audio/wav' })
}
const VOICE_NOTE = silentWav()
/** How long the transcription jobs may take to settle once the load stops. */
const TRANSCRIPTS_SETTLE_MS = 300_000

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T

/** A stretch of the run in which failed calls are expected: a restart or a kill, and 5 s after. */
type Disruption = { what: string; from: number; to: number }

/** The one instance as before, or a cluster behind HAProxy with its shared-state checks done. */
async function startTarget(databaseUrl: string) {
  if (INSTANCES < 2) {
    const app = await startApp({ DATABASE_URL: databaseUrl, RATE_LIMITS: 'off' })
    return {
      url: app.url,
      log: () => app.log(),
      stop: () => app.stop(),
      checks: [] as Check[],
      cluster: undefined,
    }
  }
  const cluster = await startCluster(databaseUrl, INSTANCES)
  const checks = await checkSharedState(cluster.url, cluster.instances)
  const recipients = await digestRecipients(cluster.url, DIGEST_USERS)
  // Every instance sends the digests due when it starts: started together, they race for them.
  await cluster.restart(cluster.instances.map((_, index) => index))
  const victim = cluster.instances.length - 1
  return {
    url: cluster.url,
    log: () =>
      [...cluster.instances.map((instance) => instance.log()), cluster.haproxyLog()].join('\n'),
    stop: () => cluster.stop(),
    checks,
    cluster: {
      digests: () => digestsReceived(cluster.mails, recipients),
      async kill() {
        await cluster.instances[victim]?.kill(KILL_SIGNAL)
      },
      async revive() {
        await cluster.restart([victim])
      },
    },
  }
}

/** Runs `step` and records its span as a disruption. */
async function disrupt(disruptions: Disruption[], what: string, step: () => Promise<void>) {
  const from = Date.now()
  console.info(`${what}…`)
  await step()
  disruptions.push({ what, from, to: Date.now() })
  console.info(`${what}: done after ${Date.now() - from} ms`)
}

async function main() {
  const database = await createTestDb()
  const app = await startTarget(database.url ?? '')
  const outcomes: Outcome[] = []
  const ledger = new Ledger()
  const disruptions: Disruption[] = []
  const started = Date.now()
  const deadline = started + DURATION_MS

  try {
    const users = Array.from(
      { length: USERS },
      (_, index) =>
        new VirtualUser(app.url, `soak${index}@example.com`, `soak-password-${index}`, (outcome) =>
          outcomes.push(outcome),
        ),
    )
    for (let index = 0; index < users.length; index += 10) {
      await Promise.all(
        users.slice(index, index + 10).map((user) =>
          user.call('register', '/api/register', {
            body: {
              email: user.email,
              password: user.password,
              confirmPassword: user.password,
              firstName: 'Soak',
              lastName: user.email,
            },
          }),
        ),
      )
    }
    const uploadsAvailable =
      (await users[0]?.call('probe', '/api/objects/upload', { body: {} }))?.status === 200

    let sequence = 0
    const owned = new Map<VirtualUser, string[]>()

    /**
     * A new person, then a connection to them carrying a unique marker in its notes: the ledger
     * holds an acknowledged connection to account for, or a marker that must never appear.
     */
    async function addConnection(user: VirtualUser, mine: string[], details: object) {
      const marker = `soak-${++sequence}`
      const person = await user.call('add', '/api/people', {
        body: { firstName: 'Person', lastName: marker },
      })
      const personId = (person.data as { id?: string } | undefined)?.id
      if (!personId) return
      const created = await user.call('add', '/api/connections', {
        body: { personId, notes: marker, ...details },
      })
      const id = (created.data as { id?: string } | undefined)?.id
      if (created.status === 201 && id) {
        ledger.created(id, marker)
        mine.push(id)
      } else {
        ledger.markers.add(marker)
      }
    }

    async function act(user: VirtualUser) {
      const mine = owned.get(user) ?? []
      owned.set(user, mine)
      const roll = Math.random()
      if (!user.cookie || roll < 0.02) {
        return user.call('sign-in', '/api/login', {
          body: { email: user.email, password: user.password },
        })
      }
      if (roll < 0.32) return user.call('list', '/api/connections')
      if (roll < 0.47)
        return user.call('search', `/api/people/search?q=${pick(['soa', 'per', 'son'])}`)
      if (roll < 0.48) {
        // A voice note: stored at once, transcribed by a background job, put on a connection.
        const form = new FormData()
        form.append('audio', VOICE_NOTE, 'voice-note.wav')
        const stored = await user.call('voice note', '/api/voice-notes', { form })
        const voiceNoteUrl = (stored.data as { voiceNoteUrl?: string } | undefined)?.voiceNoteUrl
        if (stored.status !== 201 || !voiceNoteUrl) return
        ledger.voiceNotes.add(voiceNoteUrl.replace('/objects/', ''))
        return addConnection(user, mine, { voiceNoteUrl })
      }
      if (roll < 0.7 || mine.length === 0) {
        return addConnection(user, mine, {
          connectionTypes: [pick(['SA', 'JV', 'MA', 'IC', 'RF'])],
        })
      }
      const id = pick(mine)
      if (roll < 0.88) {
        const marker = `soak-${++sequence}`
        const edited = await user.call('edit', `/api/connections/${id}`, {
          method: 'PUT',
          body: { notes: marker },
        })
        ledger.edited(id, marker, edited.status === 200)
        return
      }
      if (roll < 0.95 || !uploadsAvailable) {
        const deleted = await user.call('delete', `/api/connections/${id}`, { method: 'DELETE' })
        ledger.removed(id, deleted.status === 200)
        if (deleted.status === 200) mine.splice(mine.indexOf(id), 1)
        return
      }
      const upload = await user.call('upload', '/api/objects/upload', { body: {} })
      const uploadURL = (upload.data as { uploadURL?: string } | undefined)?.uploadURL
      if (!uploadURL) return
      // Straight to the store (S3, or this server's local upload route).
      const put = await user.call('upload bytes', uploadURL, {
        method: 'PUT',
        raw: new Blob([PNG], { type: 'image/png' }),
      })
      if (put.status >= 300) return
      await user.call('upload', '/api/connection-photos', {
        method: 'PUT',
        body: { photoURL: uploadURL.split('?')[0] },
      })
    }

    const pause = (untilMs: number) =>
      new Promise((done) => setTimeout(done, Math.max(0, started + untilMs - Date.now())))
    const restartAt = (at: number) =>
      options['no-restart']
        ? Promise.resolve()
        : pause(at).then(() => disrupt(disruptions, 'Restarting Postgres', restartPostgres))
    const { cluster } = app
    const schedule = cluster
      ? (async () => {
          await pause(DURATION_MS / 3)
          await disrupt(disruptions, `Killing an instance (${KILL_SIGNAL})`, () => cluster.kill())
          await pause(DURATION_MS / 2)
          // Back on, it sends the digests due as it starts: every one must be gone already.
          console.info('Starting the killed instance again…')
          await cluster.revive()
          console.info('The killed instance is serving again')
          await restartAt((DURATION_MS * 2) / 3)
        })()
      : restartAt(DURATION_MS / 2)

    await Promise.all([
      schedule,
      ...users.map(async (user) => {
        while (Date.now() < deadline) await act(user)
      }),
    ])

    const sql = postgres(database.url ?? '', { max: 1, onnotice: () => {} })
    // Every acknowledged voice note gets its transcription job's outcome, across the restart too.
    const voiceNoteIds = [...ledger.voiceNotes]
    const transcriptionStates = async () => {
      // A voice note deleted with its connection takes its transcription with it.
      const found = await sql<{ id: string; state: string | null }[]>`
        select o.id, t.state from stored_objects o
        left join voice_note_transcriptions t on t.object_id = o.id
        where o.id in ${sql(voiceNoteIds)}`
      return found.map((row) => row.state ?? 'missing')
    }
    const settleBy = Date.now() + TRANSCRIPTS_SETTLE_MS
    let states = voiceNoteIds.length > 0 ? await transcriptionStates() : []
    for (let tick = 1; states.includes('pending') && Date.now() < settleBy; tick++) {
      await new Promise((done) => setTimeout(done, 1000))
      states = await transcriptionStates()
      if (tick % 30 === 0) {
        const pending = states.filter((state) => state === 'pending').length
        console.info(`Transcriptions still pending: ${pending} of ${states.length}`)
      }
    }
    const transcripts = {
      voiceNotes: voiceNoteIds.length,
      deletedSince: voiceNoteIds.length - states.length,
      done: states.filter((state) => state === 'done').length,
      failed: states.filter((state) => state === 'failed').length,
      pending: states.filter((state) => state === 'pending').length,
      missing: states.filter((state) => state === 'missing').length,
    }
    // Each voice note's job is keyed by it, so there is one; how many attempts each took.
    const jobStates = () => sql<{ state: string; retry_count: number }[]>`
      select state, retry_count from jobs.job where name = 'transcribe-voice-note'`
    let jobRuns = await jobStates()
    // A job is marked completed just after it has written its transcript.
    while (jobRuns.some((job) => job.state !== 'completed') && Date.now() < settleBy) {
      await new Promise((done) => setTimeout(done, 1000))
      jobRuns = await jobStates()
    }
    const jobs = {
      jobs: jobRuns.length,
      completed: jobRuns.filter((job) => job.state === 'completed').length,
      ranOnce: jobRuns.filter((job) => job.retry_count === 0).length,
      ranAgain: jobRuns.filter((job) => job.retry_count > 0).length,
    }
    const rows = await sql<
      { id: string; notes: string | null }[]
    >`select id, notes from connections`
    await sql.end()
    const notesCount = new Map<string, number>()
    for (const row of rows)
      if (row.notes) notesCount.set(row.notes, (notesCount.get(row.notes) ?? 0) + 1)
    const integrity = ledger.verify(new Map(rows.map((row) => [row.id, row.notes])), notesCount)

    // A call counts as inside a disruption when it was in flight at any time between its start and
    // 5 s after its end (while pools reconnect and the load balancer notices).
    const disruptionOf = (outcome: Outcome) =>
      disruptions.find((span) => outcome.at >= span.from && outcome.startedAt <= span.to + 5_000)
    const inOutage = (outcome: Outcome) => disruptionOf(outcome) !== undefined
    const byStatus = new Map<string, number>()
    for (const outcome of outcomes) {
      const key = `${outcome.status === 0 ? 'no answer' : outcome.status}${inOutage(outcome) ? ` (${disruptionOf(outcome)?.what})` : ''}`
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1)
    }
    const serverErrorsOutside = outcomes.filter(
      (outcome) => (outcome.status >= 500 || outcome.status === 0) && !inOutage(outcome),
    )
    const seconds = (Date.now() - started) / 1000
    console.info(
      `\nSoak: ${USERS} users for ${seconds.toFixed(0)} s, uploads ${uploadsAvailable ? 'on' : 'off'}`,
    )
    console.info(`Requests: ${outcomes.length} (${(outcomes.length / seconds).toFixed(0)}/s)`)
    for (const span of disruptions) {
      const at = ((span.from - started) / 1000).toFixed(0)
      console.info(`Disruption: ${span.what} at ${at} s, ${span.to - span.from} ms`)
    }
    console.table(Object.fromEntries([...byStatus].sort()))
    console.table(integrity)
    console.table(transcripts)
    console.table(jobs)
    const digests = app.cluster?.digests()
    if (digests) console.table(digests)
    if (app.checks.length > 0) console.table(app.checks)
    const failedByAction = new Map<string, number>()
    for (const outcome of outcomes.filter((each) => each.status >= 500 || each.status === 0)) {
      const key = `${outcome.action}: ${outcome.status || 'no answer'}`
      failedByAction.set(key, (failedByAction.get(key) ?? 0) + 1)
    }
    if (failedByAction.size > 0) console.table(Object.fromEntries([...failedByAction].sort()))
    // Every simulated user is signed in throughout: a 401 means a session was lost.
    const signedOut = outcomes.filter((outcome) => outcome.status === 401)
    if (signedOut.length > 0) {
      const times = signedOut.map((outcome) => ((outcome.at - started) / 1000).toFixed(1))
      console.info(`401 (signed out): ${signedOut.length}, at ${times.join(' ')} s`)
    }
    console.info(`5xx or no answer outside the outage window: ${serverErrorsOutside.length}`)
    for (const outcome of serverErrorsOutside) {
      const at = ((outcome.at - started) / 1000).toFixed(1)
      console.info(`  ${outcome.action}: ${outcome.status || 'no answer'} at ${at} s`)
    }
    const healthy =
      serverErrorsOutside.length === 0 &&
      integrity.lost === 0 &&
      integrity.duplicated === 0 &&
      transcripts.done === states.length &&
      jobs.completed === jobs.jobs &&
      app.checks.every((check) => check.ok) &&
      (digests === undefined || digests.sentOnce === digests.recipients)
    if (!healthy)
      console.info(`\nServer log, last lines:\n${app.log().split('\n').slice(-40).join('\n')}`)
    process.exitCode = healthy ? 0 : 1
  } finally {
    await app.stop()
    await database.close()
  }
}

await main()
