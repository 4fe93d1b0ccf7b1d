import { upsertAdmin, type Database } from '@fiveconnect/db'
import { hashPassword } from './auth/passwords.ts'

/** Makes sure the configured admin exists: created, or promoted with the given password. */
export async function bootstrapAdmin(
  db: Database,
  admin: { email: string; password: string; firstName?: string; lastName?: string },
) {
  return upsertAdmin(db, {
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    firstName: admin.firstName ?? 'Admin',
    lastName: admin.lastName ?? 'User',
  })
}
