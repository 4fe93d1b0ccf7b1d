import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { captureStatements } from '@fiveconnect/db/bench'
import type { HotScenario } from '../hot-routes.ts'
import { runCleanLoad } from '../load/run-load.ts'
import type { Durations, LatencyLimit } from '../measure-app.ts'
import { messageOf } from '../messages.ts'
import { freePort } from '../processes/free-port.ts'
import { startNodeServer } from '../processes/start-process.ts'
import type { Figure } from '../report.ts'
import { floorStatement, type FloorStatement } from './floor-statement.ts'

const BENCH_DIR = resolve(import.meta.dirname, '../..')

/** A floor: the statements of one scenario's calls, shared by the scenarios that send the same. */
type FloorSet = { scenarios: string[]; statements: FloorStatement[] }

/** Each scenario's calls as the floor's statements, captured from the app's code on this database. */
async function floorSets(
  databaseUrl: string,
  userId: string,
  scenarios: readonly HotScenario[],
  figures: Figure[],
): Promise<FloorSet[]> {
  const sets = new Map<string, FloorSet>()
  for (const scenario of scenarios) {
    try {
      const statements: FloorStatement[] = []
      for (const call of scenario.calls) {
        const captured = await captureStatements(databaseUrl, (db) => call.answer(db, userId))
        statements.push(floorStatement(captured, scenario.selects, userId))
      }
      const key = JSON.stringify(statements)
      const set = sets.get(key) ?? { scenarios: [], statements }
      set.scenarios.push(scenario.name)
      sets.set(key, set)
    } catch (error) {
      figures.push({
        group: 'Limits',
        name: `floor of ${scenario.name}`,
        unit: 'req/s',
        error: messageOf(error),
      })
    }
  }
  return [...sets.values()]
}

/**
 * The floor of every hot scenario, measured in this run: a bare Hono + postgres-js server that
 * runs the statements the app sends for each call, folded into one with the session check
 * (floor-statement.ts), and serves the JSON text Postgres built. Scenarios that send the same
 * statements share one floor.
 */
export async function measureFloors({
  databaseUrl,
  userId,
  cookie,
  scenarios,
  durations,
  log,
}: {
  databaseUrl: string
  /** The signed-in user whose session `cookie` holds. */
  userId: string
  cookie: string
  scenarios: readonly HotScenario[]
  durations: Durations
  log: (message: string) => void
}): Promise<{ floors: Map<string, LatencyLimit>; figures: Figure[] }> {
  const figures: Figure[] = []
  const floors = new Map<string, LatencyLimit>()
  const sets = await floorSets(databaseUrl, userId, scenarios, figures)
  const named = sets.map((set, index) => ({
    ...set,
    names: set.statements.map((_statement, call) => `${index}-${call}`),
  }))
  const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-floors-'))
  const floorsFile = join(dir, 'floors.json')
  await writeFile(
    floorsFile,
    JSON.stringify(
      Object.fromEntries(
        named.flatMap((set) => set.names.map((name, call) => [name, set.statements[call]])),
      ),
    ),
  )
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
  })
  try {
    for (const set of named) {
      const name = `floor of ${set.scenarios.join(' and ')}`
      log(`Limit: ${name}`)
      try {
        const { requestsPerSecond, latency } = await runCleanLoad({
          baseUrl: server.url,
          requests: set.names.map((floor) => ({ method: 'GET', path: `/floor/${floor}` })),
          cookie,
          connections: 50,
          idlePath: '/health',
          ...durations,
        })
        for (const scenario of set.scenarios) {
          floors.set(scenario, { requestsPerSecond, p95: latency.p95, p99: latency.p99 })
        }
        figures.push(
          { group: 'Limits', name: `${name}, throughput`, unit: 'req/s', value: requestsPerSecond },
          { group: 'Limits', name: `${name}, p95`, unit: 'ms', value: latency.p95 },
          { group: 'Limits', name: `${name}, p99`, unit: 'ms', value: latency.p99 },
        )
      } catch (error) {
        figures.push({ group: 'Limits', name, unit: 'req/s', error: messageOf(error) })
      }
    }
  } finally {
    await server.stop()
    await rm(dir, { recursive: true, force: true })
  }
  return { floors, figures }
}
