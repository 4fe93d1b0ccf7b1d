// The signed-in home's Lighthouse figures alone, without the load runs: `tsx
// src/client/signed-in-home.ts` seeds the small dataset into a scratch database on
// TEST_DATABASE_URL (or DATABASE_URL), starts the built app on it and runs Lighthouse on `/` as the
// measured user (500 connections), as the full run does.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDb } from '@fiveconnect/db'
import { createScratchDatabase } from '@fiveconnect/db/bench'
import { hashPassword } from '@fiveconnect/server/passwords'
import { REPO_ROOT, startAppServer } from '../app-server.ts'
import { generateDataset } from '../dataset.ts'
import { signIn } from '../load/sign-in.ts'
import { BENCH_PASSWORD } from '../measure-app.ts'
import { seedDatabase } from '../seed.ts'
import { SIZES } from '../sizes.ts'
import { gzipBytesOf, measureChunks } from './chunks.ts'
import { runLighthouse } from './lighthouse.ts'

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const postgresServer = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
  if (!postgresServer) throw new Error('Set TEST_DATABASE_URL or DATABASE_URL')
  const dataset = generateDataset({
    size: SIZES.small,
    seed: 1,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    now: new Date(new Date().setUTCHours(0, 0, 0, 0)),
  })
  const scratch = await createScratchDatabase(postgresServer, 'fiveconnect_bench')
  try {
    const handle = createDb({ url: scratch.url })
    await handle.migrate()
    await seedDatabase(handle.db, dataset)
    await handle.close()
    const server = await startAppServer({ kind: 'postgres', url: scratch.url })
    try {
      const cookie = await signIn(server.url, dataset.accounts.measured.email, BENCH_PASSWORD)
      const result = await runLighthouse(`${server.url}/`, cookie)
      const chunks = await measureChunks(join(REPO_ROOT, 'apps/client/dist'))
      const built = new Set(chunks.map((chunk) => chunk.file))
      const scripts = result.scriptPaths.filter((path) => built.has(path))
      console.info(`Lighthouse mobile performance, signed-in home: ${result.performanceScore}`)
      console.info(
        `LCP: ${result.lcpMs.toFixed(0)} ms, TBT: ${result.tbtMs.toFixed(0)} ms, CLS: ${result.cls.toFixed(3)}`,
      )
      console.info(`Runs retried (trace not recorded): ${result.retries}`)
      console.info(`JS loaded (gzip): ${(gzipBytesOf(chunks, scripts) / 1000).toFixed(1)} kB`)
      for (const script of scripts) {
        const chunk = chunks.find((candidate) => candidate.file === script)
        console.info(`  ${script}: ${((chunk?.gzipBytes ?? 0) / 1000).toFixed(1)} kB`)
      }
    } finally {
      await server.stop()
    }
  } finally {
    await scratch.drop()
  }
}
