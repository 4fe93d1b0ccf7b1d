import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { createApp, type AppInstance } from './app/create-app.ts'
import { whenIdle } from './lib/when-idle.ts'
import { hasSavedData } from './offline/saved-data-flag.ts'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

const app = createApp()
const offlineSupport = () => import('./offline/start-offline.ts')

/** Runs `then` once someone is signed in: offline support is for their data only. */
function whenSignedIn({ queryClient, trpcUtils }: AppInstance, then: () => void) {
  const check = () => {
    if (!trpcUtils.auth.me.getData()) return
    stop()
    then()
  }
  const stop = queryClient.getQueryCache().subscribe(check)
  check()
}

async function start(element: HTMLElement) {
  // A returning signed-in user's saved data comes first, so the app opens with no network.
  if (hasSavedData()) await (await offlineSupport()).restoreSavedData(app).catch(() => {})
  createRoot(element).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  )
  // After the first screen: its chunks and data come first on a slow network.
  whenSignedIn(
    app,
    () =>
      void whenIdle()
        .then(offlineSupport)
        .then((offline) => offline.startOffline(app)),
  )
}

void start(root)
