import { accountRouter } from './account/account.router.ts'
import { adminRouter } from './admin/admin.router.ts'
import { appPasswordsRouter } from './app-passwords/app-passwords.router.ts'
import { authRouter } from './auth/auth.router.ts'
import { calendarFeedRouter } from './calendar-feed/calendar-feed.router.ts'
import { connectionRouter } from './connections/connection.router.ts'
import { eventRouter } from './events/event.router.ts'
import { homeRouter } from './home/home.router.ts'
import { exportRouter } from './exports/export.router.ts'
import { importRouter } from './imports/import.router.ts'
import { personRouter } from './people/person.router.ts'
import { profileRouter } from './profile/profile.router.ts'
import { remindersRouter } from './reminders/reminders.router.ts'
import { shareRouter } from './share/share.router.ts'
import { supportRouter } from './support/support.router.ts'
import { createCallerFactory, router } from './trpc.ts'
import { uploadsRouter } from './uploads/uploads.router.ts'

export const appRouter = router({
  auth: authRouter,
  connections: connectionRouter,
  home: homeRouter,
  people: personRouter,
  events: eventRouter,
  profile: profileRouter,
  account: accountRouter,
  admin: adminRouter,
  exports: exportRouter,
  calendarFeed: calendarFeedRouter,
  imports: importRouter,
  uploads: uploadsRouter,
  reminders: remindersRouter,
  appPasswords: appPasswordsRouter,
  share: shareRouter,
  support: supportRouter,
})

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
