import { startAppServer } from './app-server.ts'
import type { Dataset } from './dataset.ts'
import { measureClient } from './client/measure-client.ts'
import { hotScenarios } from './hot-routes.ts'
import { startFloors } from './limits/floors.ts'
import { measureLimits } from './limits/measure-limits.ts'
import {
  capturePayloads,
  measureApp,
  signInAll,
  type Durations,
  type Limits,
} from './measure-app.ts'
import { messageOf } from './messages.ts'
import type { Figure } from './report.ts'
import {
  FRAMEWORK_PAYLOADS,
  payloadSize,
  SERVER_PEAK_RSS,
  type FrameworkPayload,
} from './targets.ts'

const KB = 1000

/** Starts the server on a seeded database, drives it, and (for Postgres) measures limits and client. */
export async function benchApp(options: {
  group: 'Postgres' | 'PGlite'
  database: Parameters<typeof startAppServer>[0]
  dataset: Dataset
  durations: Durations
  /** How many photographed cards the client's card scanner figures read. */
  scannedCards?: number | 'all'
  postgresUrl?: string
  limits?: Limits
  log: (message: string) => void
}): Promise<{ figures: Figure[]; limits: Limits }> {
  const { group, dataset, durations, log } = options
  log(`${group}: starting the production server`)
  const server = await startAppServer(options.database)
  const figures: Figure[] = []
  let limits: Limits = options.limits ?? { framework: {} }
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
            { group, name: payloadSize(route), unit: 'kB', value: payload.bytes / KB },
          )
        }
        if (!options.limits) {
          const measured = await measureLimits(payloads, options.postgresUrl, durations, log)
          limits = measured.limits
          figures.push(...measured.figures)
        }
      }
      const floors =
        options.database.kind === 'postgres'
          ? await startFloors({
              databaseUrl: options.database.url,
              userId: dataset.accounts.measured.id,
              cookie: sessions.measured,
              scenarios: hotScenarios(dataset),
              durations,
            }).catch((error: unknown) => {
              figures.push({ group: 'Limits', name: 'floors', unit: '', error: messageOf(error) })
              return undefined
            })
          : undefined
      try {
        figures.push(...(floors?.figures ?? []))
        log(`${group}: load runs`)
        figures.push(
          ...(await measureApp({
            group,
            baseUrl: server.url,
            serverPid: server.pid,
            dataset,
            sessions,
            limits,
            floors,
            durations,
            log,
          })),
        )
      } finally {
        await floors?.stop()
      }
    }
    if (group === 'Postgres') {
      figures.push(
        ...(await measureClient(
          server.url,
          sessions?.measured,
          log,
          options.scannedCards ?? 'all',
        )),
      )
    }
  } finally {
    figures.push({ group, name: SERVER_PEAK_RSS, unit: 'MB', value: server.maxRssMb() })
    await server.stop()
  }
  return { figures, limits }
}
