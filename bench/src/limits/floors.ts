import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { captureStatements } from '@fiveconnect/db/bench'
import type { HotScenario } from '../hot-routes.ts'
import { runCleanLoad, type LoadResult } from '../load/run-load.ts'
import type { Durations, LatencyLimit } from '../measure-app.ts'
import { messageOf } from '../messages.ts'
import { freePort } from '../processes/free-port.ts'
import { startNodeServer } from '../processes/start-process.ts'
import type { Figure } from '../report.ts'
import { floorStatement, type FloorStatement } from './floor-statement.ts'

const BENCH_DIR = resolve(import.meta.dirname, '../..')

/** The hot scenarios' floors, served by their own process beside the app. */
export type Floors = {
  /** Figures of the floors that could not be built (their statements were not captured). */
  figures: Figure[]
  /**
   * Runs the app's run of a scenario between two runs of its floor, the first with the warm-up and
   * the second without: load that drifts on this shared host over the seconds of the app's run moves
   * both runs of the floor, and their mean is the floor. No floor (its figure says why) when it could
   * not be built or one of its runs failed.
   */
  around: <Result>(
    scenario: string,
    appRun: () => Promise<Result>,
  ) => Promise<{ result: Result; floor?: LatencyLimit; figures: Figure[] }>
  stop: () => Promise<void>
}

/** Each scenario's calls as the floor's statements, captured from the app's code on this database. */
async function floorStatements(
  databaseUrl: string,
  userId: string,
  scenarios: readonly HotScenario[],
  figures: Figure[],
): Promise<Map<string, FloorStatement[]>> {
  const floors = new Map<string, FloorStatement[]>()
  for (const scenario of scenarios) {
    try {
      const statements: FloorStatement[] = []
      for (const call of scenario.calls) {
        const captured = await captureStatements(databaseUrl, (db) => call.answer(db, userId))
        statements.push(floorStatement(captured, userId))
      }
      floors.set(scenario.name, statements)
    } catch (error) {
      figures.push({
        group: 'Limits',
        name: floorName(scenario.name),
        unit: 'req/s',
        error: messageOf(error),
      })
    }
  }
  return floors
}

const floorName = (scenario: string) => `floor of ${scenario}`

/**
 * Starts the floors of the hot scenarios: a bare Hono + postgres-js server that runs the statements
 * the app sends for each call, folded into one with the session check (floor-statement.ts), and
 * serves the JSON text Postgres built. Each floor is measured on either side of the app's run of the
 * same scenario (around), not minutes before it.
 */
export async function startFloors({
  databaseUrl,
  userId,
  cookie,
  scenarios,
  durations,
}: {
  databaseUrl: string
  /** The signed-in user whose session `cookie` holds. */
  userId: string
  cookie: string
  scenarios: readonly HotScenario[]
  durations: Durations
}): Promise<Floors> {
  const figures: Figure[] = []
  const statements = await floorStatements(databaseUrl, userId, scenarios, figures)
  // Each call's statement is served at /floor/<scenario's index>-<call's index>.
  const files: Record<string, FloorStatement> = {}
  const paths = new Map(
    [...statements].map(([scenario, calls], index) => [
      scenario,
      calls.map((statement, call) => {
        const path = `${index}-${call}`
        files[path] = statement
        return path
      }),
    ]),
  )
  const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-floors-'))
  const floorsFile = join(dir, 'floors.json')
  await writeFile(floorsFile, JSON.stringify(files))
  const port = await freePort()
  const server = await startNodeServer({
    args: ['--import', 'tsx', 'src/limits/floor-server.ts'],
    cwd: BENCH_DIR,
    port,
    readyPath: '/health',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      FLOORS_FILE: floorsFile,
      DATABASE_URL: databaseUrl,
    },
  }).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true })
    throw error
  })

  const runFloor = (names: string[], warmupSeconds: number) =>
    runCleanLoad({
      baseUrl: server.url,
      requests: names.map((floor) => ({ method: 'GET', path: `/floor/${floor}` })),
      cookie,
      connections: 50,
      idlePath: '/health',
      ...durations,
      warmupSeconds,
    })

  async function around<Result>(scenario: string, appRun: () => Promise<Result>) {
    const names = paths.get(scenario)
    if (!names) return { result: await appRun(), figures: [] }
    const name = floorName(scenario)
    const before = await runFloor(names, durations.warmupSeconds).catch(messageOf)
    const result = await appRun()
    const after = await runFloor(names, 0).catch(messageOf)
    const failed = (error: string) => ({
      result,
      figures: [{ group: 'Limits', name, unit: 'req/s', error }],
    })
    if (typeof before === 'string') return failed(before)
    if (typeof after === 'string') return failed(after)
    const mean = (value: (run: LoadResult) => number) => (value(before) + value(after)) / 2
    const floor = {
      requestsPerSecond: mean((run) => run.requestsPerSecond),
      p95: mean((run) => run.latency.p95),
      p99: mean((run) => run.latency.p99),
    }
    const figure = (what: string, unit: string, value: number): Figure => ({
      group: 'Limits',
      name: `${name}, ${what}`,
      unit,
      value,
    })
    const figures = [
      figure('throughput', 'req/s', floor.requestsPerSecond),
      figure("throughput before the app's run", 'req/s', before.requestsPerSecond),
      figure('throughput after it', 'req/s', after.requestsPerSecond),
      figure('p95', 'ms', floor.p95),
      figure('p99', 'ms', floor.p99),
    ]
    return { result, floor, figures }
  }

  return {
    figures,
    around,
    stop: async () => {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
