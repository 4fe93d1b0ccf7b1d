import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { createApp } from './app/create-app.ts'
import { hasSavedData } from './offline/saved-data-flag.ts'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

const app = createApp()
// Offline support loads beside the first screen; only a returning signed-in user waits for it,
// so their saved data is there before the app asks the network.
const offlineSupport = import('./offline/start-offline.ts')

async function start(element: HTMLElement) {
  if (hasSavedData()) await (await offlineSupport).restoreSavedData(app).catch(() => {})
  createRoot(element).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  )
  await (await offlineSupport).startOffline(app)
}

void start(root)
