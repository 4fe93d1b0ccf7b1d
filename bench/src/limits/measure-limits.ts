import { runCleanLoad } from '../load/run-load.ts'
import type { Durations, Limits, Payload } from '../measure-app.ts'
import { messageOf } from '../messages.ts'
import type { RunningProcess } from '../processes/start-process.ts'
import type { Figure } from '../report.ts'
import { FRAMEWORK_PAYLOADS, type FrameworkPayload } from '../targets.ts'
import { startBareHono } from './bare-hono.ts'
import { runPgbench } from './pgbench.ts'

/** The limits, measured with the app's real payloads while the app server sits idle. */
export async function measureLimits(
  payloads: Record<FrameworkPayload, Payload>,
  postgresUrl: string | undefined,
  durations: Durations,
  log: (message: string) => void,
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
        const { requestsPerSecond, latency } = await runCleanLoad({
          baseUrl: bare.url,
          requests: [{ method: 'GET', path: `/payload/${name}` }],
          connections: 50,
          idlePath: '/health',
          ...durations,
        })
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
