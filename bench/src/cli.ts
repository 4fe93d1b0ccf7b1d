// `pnpm bench [--size full|small] [--seed N]`: seeds, starts the production server against
// Postgres and PGlite, drives the hot paths, measures the limits and the client, and writes
// bench/results.md and results.json (a small run: results-small.md and .json, not committed).
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { hashPassword } from '@fiveconnect/server/passwords'
import { createDb, type DbHandle } from '@fiveconnect/db'
import { createScratchDatabase, serverVersion } from '@fiveconnect/db/bench'
import {
  assertServerBuilt,
  makeDataDir,
  pgliteDirOf,
  REPO_ROOT,
  startAppServer,
} from './app-server.ts'
import { cardScanSizes, measureCardScan } from './client/card-scan.ts'
import { gzipBytesOf, initialScripts, measureChunks, type Chunk } from './client/chunks.ts'
import { runLighthouse } from './client/lighthouse.ts'
import { generateDataset, type Dataset } from './dataset.ts'
import { explainHotQueries, type QueryPlan } from './explain.ts'
import { startBareHono } from './limits/bare-hono.ts'
import { runPgbench } from './limits/pgbench.ts'
import { loadFailure, runLoad } from './load/run-load.ts'
import { describeMachine } from './machine.ts'
import {
  BENCH_PASSWORD,
  capturePayloads,
  FRAMEWORK_PAYLOADS,
  measureApp,
  signInAll,
  type Durations,
  type FrameworkPayload,
  type Limits,
  type Payload,
} from './measure-app.ts'
import type { RunningProcess } from './processes/start-process.ts'
import { evaluate, markdownTable, type Figure } from './report.ts'
import { seedDatabase } from './seed.ts'
import { isSizeName, SIZES, type SizeName } from './sizes.ts'

const BENCH_DIR = join(REPO_ROOT, 'bench')
const CLIENT_DIST = join(REPO_ROOT, 'apps/client/dist')
const KB = 1000

const DURATIONS: Record<SizeName, Durations> = {
  full: { warmupSeconds: 5, seconds: 15 },
  small: { warmupSeconds: 2, seconds: 5 },
}

const log = (message: string) => console.info(message)
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

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

async function seedInto(handle: DbHandle, dataset: Dataset) {
  try {
    await handle.migrate()
    const started = performance.now()
    const counts = await seedDatabase(handle.db, dataset, log)
    return { counts, seconds: (performance.now() - started) / 1000 }
  } finally {
    await handle.close()
  }
}

/** The limits, measured with the app's real payloads while the app server sits idle. */
async function measureLimits(
  payloads: Record<FrameworkPayload, Payload>,
  postgresUrl: string | undefined,
  durations: Durations,
): Promise<{ limits: Limits; figures: Figure[] }> {
  const figures: Figure[] = []
  const limits: Limits = { framework: {} }
  log('Limit: bare Hono with the same payloads')
  let bare: RunningProcess | undefined
  try {
    bare = await startBareHono(
      Object.fromEntries(Object.entries(payloads).map(([name, payload]) => [name, payload.body])),
    )
    for (const name of Object.keys(payloads) as FrameworkPayload[]) {
      const figureName = `bare Hono, the payload of ${FRAMEWORK_PAYLOADS[name]}`
      try {
        const result = await runLoad({
          baseUrl: bare.url,
          requests: [{ method: 'GET', path: `/payload/${name}` }],
          connections: 50,
          idlePath: '/health',
          ...durations,
        })
        const failure = loadFailure(result)
        if (failure) throw new Error(failure)
        const { requestsPerSecond, latency } = result
        limits.framework[name] = { requestsPerSecond, p95: latency.p95, p99: latency.p99 }
        figures.push(
          {
            group: 'Limits',
            name: `${figureName}, throughput`,
            unit: 'req/s',
            value: requestsPerSecond,
          },
          { group: 'Limits', name: `${figureName}, p95`, unit: 'ms', value: latency.p95 },
          { group: 'Limits', name: `${figureName}, p99`, unit: 'ms', value: latency.p99 },
        )
      } catch (error) {
        figures.push({ group: 'Limits', name: figureName, unit: 'req/s', error: messageOf(error) })
      }
    }
  } catch (error) {
    figures.push({ group: 'Limits', name: 'bare Hono', unit: 'req/s', error: messageOf(error) })
  } finally {
    await bare?.stop()
  }

  if (postgresUrl) {
    log('Limit: pgbench -S')
    try {
      const pgbench = await runPgbench(postgresUrl, { clients: 50, seconds: durations.seconds })
      limits.pgbenchTps = pgbench.tps
      figures.push(
        {
          group: 'Limits',
          name: `pgbench -S (scale ${pgbench.scale}, 50 clients, prepared)`,
          unit: 'tps',
          value: pgbench.tps,
        },
        {
          group: 'Limits',
          name: 'pgbench -S average latency',
          unit: 'ms',
          value: pgbench.latencyMs,
        },
      )
    } catch (error) {
      figures.push({ group: 'Limits', name: 'pgbench -S', unit: 'tps', error: messageOf(error) })
    }
  }
  return { limits, figures }
}

async function measureClient(baseUrl: string, cookie: string | undefined): Promise<Figure[]> {
  const figures: Figure[] = []
  let chunks: Chunk[]
  try {
    chunks = await measureChunks(CLIENT_DIST)
    // Signed-out visitors get the prerendered landing page, which loads only its own small script.
    const landing = initialScripts(await readFile(join(CLIENT_DIST, 'landing.html'), 'utf8'))
    const appShell = initialScripts(await readFile(join(CLIENT_DIST, 'index.html'), 'utf8'))
    figures.push(
      {
        group: 'Client',
        name: 'landing page initial JS (gzip)',
        unit: 'kB',
        value: gzipBytesOf(chunks, landing) / KB,
        target: { bound: 'atMost', of: 'value', threshold: 60 },
      },
      {
        group: 'Client',
        name: 'app shell initial JS (gzip)',
        unit: 'kB',
        value: gzipBytesOf(chunks, appShell) / KB,
      },
    )
    for (const chunk of chunks) {
      figures.push({
        group: 'Client',
        name: `chunk ${chunk.file} (gzip)`,
        unit: 'kB',
        value: chunk.gzipBytes / KB,
      })
    }
  } catch (error) {
    figures.push({ group: 'Client', name: 'client build', unit: 'kB', error: messageOf(error) })
    return figures
  }

  const pages = [
    { name: 'landing page', cookie: undefined },
    { name: 'signed-in home', cookie },
  ]
  for (const page of pages) {
    log(`Lighthouse: ${page.name}`)
    if (page.name === 'signed-in home' && !page.cookie) {
      figures.push({
        group: 'Client',
        name: `Lighthouse ${page.name}`,
        unit: '',
        error: 'no session',
      })
      continue
    }
    try {
      const result = await runLighthouse(`${baseUrl}/`, page.cookie)
      const built = new Set(chunks.map((chunk) => chunk.file))
      const scripts = result.scriptPaths.filter((path) => built.has(path))
      figures.push(
        {
          group: 'Client',
          name: `Lighthouse mobile performance, ${page.name}`,
          unit: '',
          value: result.performanceScore,
          target: { bound: 'atLeast', of: 'value', threshold: 95 },
        },
        {
          group: 'Client',
          name: `Lighthouse LCP, ${page.name}`,
          unit: 'ms',
          value: result.lcpMs,
          target: { bound: 'under', of: 'value', threshold: 2500 },
        },
        {
          group: 'Client',
          name: `Lighthouse CLS, ${page.name}`,
          unit: '',
          value: result.cls,
          target: { bound: 'under', of: 'value', threshold: 0.1 },
        },
        {
          group: 'Client',
          name: `JS loaded by the ${page.name} (gzip)`,
          unit: 'kB',
          value: gzipBytesOf(chunks, scripts) / KB,
          ...(page.name === 'signed-in home'
            ? { target: { bound: 'atMost', of: 'value', threshold: 300 } }
            : {}),
        },
      )
    } catch (error) {
      figures.push({
        group: 'Client',
        name: `Lighthouse ${page.name}`,
        unit: '',
        error: messageOf(error),
      })
    }
  }
  log('Card scanner: open to filled fields')
  try {
    figures.push(...(await cardScanSizes(CLIENT_DIST)), ...(await measureCardScan(baseUrl)))
  } catch (error) {
    figures.push({ group: 'Client', name: 'card scanner', unit: 's', error: messageOf(error) })
  }
  return figures
}

/** Starts the server on a seeded database, drives it, and (for Postgres) measures limits and client. */
async function benchApp(options: {
  group: 'Postgres' | 'PGlite'
  database: Parameters<typeof startAppServer>[0]
  dataset: Dataset
  durations: Durations
  postgresUrl?: string
  limits?: Limits
}): Promise<{ figures: Figure[]; limits: Limits }> {
  const { group, dataset, durations } = options
  log(`${group}: starting the production server`)
  const server = await startAppServer(options.database)
  const figures: Figure[] = []
  let limits = options.limits ?? { framework: {} }
  try {
    const sessions = await signInAll(server.url, dataset).catch((error: unknown) => {
      figures.push({ group, name: 'sign-in', unit: '', error: messageOf(error) })
      return undefined
    })
    if (sessions) {
      const payloads = await capturePayloads(server.url, sessions.measured, dataset).catch(
        (error: unknown) => {
          figures.push({ group, name: 'payloads', unit: '', error: messageOf(error) })
          return undefined
        },
      )
      if (payloads) {
        for (const [name, payload] of Object.entries(payloads)) {
          const route = FRAMEWORK_PAYLOADS[name as FrameworkPayload]
          figures.push(
            { group, name: `${route} payload rows`, unit: '', value: payload.rows },
            { group, name: `${route} payload size`, unit: 'kB', value: payload.bytes / KB },
          )
        }
        if (!options.limits) {
          const measured = await measureLimits(payloads, options.postgresUrl, durations)
          limits = measured.limits
          figures.push(...measured.figures)
        }
      }
      log(`${group}: load runs`)
      figures.push(
        ...(await measureApp({
          group,
          baseUrl: server.url,
          serverPid: server.pid,
          dataset,
          sessions,
          limits,
          durations,
          withTargets: group === 'Postgres',
          log,
        })),
      )
    }
    if (group === 'Postgres') figures.push(...(await measureClient(server.url, sessions?.measured)))
  } finally {
    figures.push({
      group,
      name: 'server RSS, maximum over the run',
      unit: 'MB',
      value: server.maxRssMb(),
      ...(group === 'Postgres'
        ? { target: { bound: 'under', of: 'value', threshold: 200 } as const }
        : {}),
    })
    await server.stop()
  }
  return { figures, limits }
}

function planSection(plans: readonly QueryPlan[]): string {
  return plans
    .map((plan) =>
      plan.error
        ? `### ${plan.name}\n\nerror: ${plan.error}\n`
        : [
            `### ${plan.name}`,
            '',
            `Indexes used: ${plan.indexesUsed.join(', ') || 'none'}; sequential scans: ${plan.seqScans.join(', ') || 'none'}.`,
            '',
            '```sql',
            plan.statement,
            '```',
            '',
            '```',
            plan.plan,
            '```',
            '',
          ].join('\n'),
    )
    .join('\n')
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
      const seeded = await seedInto(createDb({ url: scratch.url }), dataset)
      notes.push(
        `Postgres seeded in ${seeded.seconds.toFixed(0)} s: ${JSON.stringify(seeded.counts)}`,
      )
      figures.push({ group: 'Postgres', name: 'seed time', unit: 's', value: seeded.seconds })
      plans = await explainHotQueries(scratch.url, {
        searchTerm: dataset.searchTerms[0] ?? 'smi',
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
          target: { bound: 'atMost', of: 'value', threshold: 1 },
        })
      }
      if (search && !search.error) {
        figures.push({
          group: 'Postgres',
          name: 'people search: sequential scans of people in its plan',
          unit: '',
          value: search.seqScans.filter((table) => table === 'people').length,
          target: { bound: 'atMost', of: 'value', threshold: 0 },
        })
      }
      const run = await benchApp({
        group: 'Postgres',
        database: { kind: 'postgres', url: scratch.url },
        dataset,
        durations,
        postgresUrl: postgresServer,
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
  const seeded = await seedInto(createDb({ pgliteDir: pgliteDirOf(dataDir) }), pgliteDataset)
  notes.push(`PGlite seeded in ${seeded.seconds.toFixed(0)} s: ${JSON.stringify(seeded.counts)}`)
  const pglite = await benchApp({
    group: 'PGlite',
    database: { kind: 'pglite', dataDir },
    dataset: pgliteDataset,
    durations,
    ...(limits ? { limits } : {}),
  })
  figures.push(...pglite.figures)

  const rows = figures.map(evaluate)
  const machine = describeMachine(postgresVersion)
  const table = markdownTable(rows)
  const header = [
    `# FiveConnect benchmark (${size})`,
    '',
    `${machine.date} · commit ${machine.commit} · ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGb} GB · Node ${machine.node} · ${machine.postgres}`,
    '',
    `Dataset (seed ${seed}): ${JSON.stringify(SIZES[size])} on Postgres; PGlite: ${JSON.stringify(SIZES.small)}. ` +
      `Load: autocannon, pipelining 1, 50 connections unless named, ${durations.warmupSeconds} s warm-up then ${durations.seconds} s. ` +
      `Targets are the issue's and apply to Postgres; a run with any non-2xx answer is an error, not a figure.`,
    '',
  ].join('\n')
  const markdown = [
    header,
    table,
    '',
    '## Notes',
    '',
    ...notes.map((note) => `- ${note}`),
    `- Total run time: ${((performance.now() - started) / 1000).toFixed(0)} s`,
    '',
    '## Query plans (EXPLAIN ANALYZE, Postgres)',
    '',
    planSection(plans),
  ].join('\n')
  // The full run's results are committed; a small run (CI, quick checks) writes beside them.
  const name = size === 'full' ? 'results' : `results-${size}`
  await writeFile(join(BENCH_DIR, `${name}.md`), markdown)
  await writeFile(
    join(BENCH_DIR, `${name}.json`),
    JSON.stringify({ size, seed, machine, durations, figures: rows, plans, notes }, null, 2) + '\n',
  )
  console.info(`\n${header}\n${table}\n\nWritten to bench/${name}.md and ${name}.json`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
