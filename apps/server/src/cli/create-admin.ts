import { parseArgs } from 'node:util'
import { bootstrapAdmin } from '../bootstrap-admin.ts'
import { openDatabase } from '../database.ts'
import { loadEnv } from '../env.ts'

const usage =
  'Usage: pnpm admin:create --email you@example.com --password secret [--first-name Ada] [--last-name Lovelace]'

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
})

if (!values.email || !values.password || values.password.length < 6) {
  console.error(usage)
  process.exit(1)
}

const database = openDatabase(loadEnv())
await database.migrate()
const admin = await bootstrapAdmin(database.db, {
  email: values.email,
  password: values.password,
  firstName: values['first-name'],
  lastName: values['last-name'],
})
console.info(`${admin.email} is an admin.`)
await database.close()
