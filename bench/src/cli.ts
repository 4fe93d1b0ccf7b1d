// `pnpm bench [--size full|small] [--seed N]`: seeds, starts the production server against
// Postgres and PGlite, drives the hot paths, measures the limits and the client, and writes
// bench/results.md and results.json (a small run: results-small.md and .json, not committed).
import { parseArgs } from 'node:util'
import { hashPassword } from '@fiveconnect/server/passwords'
import { createDb } from '@fiveconnect/db'
import { createScratchDatabase, serverVersion } from '@fiveconnect/db/bench'
import { assertServerBuilt, makeDataDir, pgliteDirOf } from './app-server.ts'
import { benchApp } from './bench-app.ts'
import { generateDataset } from './dataset.ts'
import { explainHotQueries, type QueryPlan } from './explain.ts'
import { describeMachine } from './machine.ts'
import { BENCH_PASSWORD, type Durations, type Limits } from './measure-app.ts'
import { messageOf } from './messages.ts'
import { evaluate, type Figure } from './report.ts'
import { seedInto } from './seed.ts'
import { HEARD_RECORDINGS, isSizeName, SCANNED_CARDS, SIZES, type SizeName } from './sizes.ts'
import { measureSpeech } from './speech/measure-speech.ts'
import { withTarget } from './targets.ts'
import { writeResults } from './write-results.ts'

const DURATIONS: Record<SizeName, Durations> = {
  full: { warmupSeconds: 5, seconds: 15 },
  small: { warmupSeconds: 2, seconds: 5 },
}

const log = (message: string) => console.info(message)

function parseCli() {
  const { values } = parseArgs({
    options: { size: { type: 'string', default: 'full' }, seed: { type: 'string', default: '1' } },
  })
  if (!isSizeName(values.size))
    throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
  const seed = Number(values.seed)
  if (!Number.isInteger(seed)) throw new Error('--seed must be an integer')
  return { size: values.size, seed }
}

function startOfTodayUtc(): Date {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

async function main() {
  const { size, seed } = parseCli()
  assertServerBuilt()
  const durations = DURATIONS[size]
  const postgresServer = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
  const started = performance.now()

  log(`Hashing the benchmark password once (Argon2id)`)
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  const now = startOfTodayUtc()
  const dataset = generateDataset({ size: SIZES[size], seed, passwordHash, now })
  // PGlite gets the small dataset at either size: it is the embedded, single-process option.
  const pgliteDataset =
    size === 'small' ? dataset : generateDataset({ size: SIZES.small, seed, passwordHash, now })

  const figures: Figure[] = []
  const notes: string[] = []
  let plans: QueryPlan[] = []
  let postgresVersion = 'not measured (no TEST_DATABASE_URL or DATABASE_URL)'
  let limits: Limits | undefined

  if (postgresServer) {
    postgresVersion = await serverVersion(postgresServer)
    const scratch = await createScratchDatabase(postgresServer, 'fiveconnect_bench')
    try {
      log(`Postgres: seeding the ${size} dataset into a scratch database`)
      const seeded = await seedInto(createDb({ url: scratch.url }), dataset, log)
      notes.push(
        `Postgres seeded in ${seeded.seconds.toFixed(0)} s: ${JSON.stringify(seeded.counts)}`,
      )
      figures.push({ group: 'Postgres', name: 'seed time', unit: 's', value: seeded.seconds })
      plans = await explainHotQueries(scratch.url, {
        searchTerm: dataset.searchTerms[0] ?? 'smi',
        memoryTerm: dataset.noteWord,
        userId: dataset.accounts.measured.id,
      }).catch((error: unknown) => [
        { name: 'query plans', error: messageOf(error), indexesUsed: [], seqScans: [] },
      ])
      const [search, eventsList] = plans
      if (eventsList?.statementCount !== undefined) {
        figures.push({
          group: 'Postgres',
          name: 'events list: SQL statements per call',
          unit: '',
          value: eventsList.statementCount,
        })
      }
      if (search && !search.error) {
        figures.push({
          group: 'Postgres',
          name: 'people search: sequential scans of people in its plan',
          unit: '',
          value: search.seqScans.filter((table) => table === 'people').length,
        })
      }
      const run = await benchApp({
        group: 'Postgres',
        database: { kind: 'postgres', url: scratch.url },
        dataset,
        durations,
        scannedCards: SCANNED_CARDS[size],
        postgresUrl: postgresServer,
        log,
      })
      figures.push(...run.figures)
      limits = run.limits
    } finally {
      await scratch.drop()
    }
  } else {
    figures.push({
      group: 'Postgres',
      name: 'all figures',
      unit: '',
      error: 'TEST_DATABASE_URL / DATABASE_URL not set',
    })
  }

  log('PGlite: seeding the small dataset')
  const dataDir = await makeDataDir()
  const seeded = await seedInto(createDb({ pgliteDir: pgliteDirOf(dataDir) }), pgliteDataset, log)
  notes.push(`PGlite seeded in ${seeded.seconds.toFixed(0)} s: ${JSON.stringify(seeded.counts)}`)
  const pglite = await benchApp({
    group: 'PGlite',
    database: { kind: 'pglite', dataDir },
    dataset: pgliteDataset,
    durations,
    ...(limits ? { limits } : {}),
    log,
  })
  figures.push(...pglite.figures)

  const speech = await measureSpeech(log, HEARD_RECORDINGS[size])
  figures.push(...speech.figures)
  notes.push(...speech.notes)

  const printed = await writeResults({
    size,
    seed,
    machine: describeMachine(postgresVersion),
    durations,
    rows: figures.map(withTarget).map(evaluate),
    plans,
    notes,
    seconds: (performance.now() - started) / 1000,
  })
  console.info(`\n${printed}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
