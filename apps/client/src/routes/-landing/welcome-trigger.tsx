import { lazy, Suspense, useEffect, useState } from 'react'

export const WELCOME_DELAY_MS = 1000
export const WELCOME_STORAGE_KEY = 'hasSeenWelcome'

const WelcomeDialog = lazy(() =>
  import('./welcome-dialog.tsx').then((module) => ({ default: module.WelcomeDialog })),
)

/** Opens the welcome dialog about a second after a first visit; closing it stores hasSeenWelcome. */
export function WelcomeTrigger() {
  const [isOpen, setIsOpen] = useState(false)

  useEffect(() => {
    if (localStorage.getItem(WELCOME_STORAGE_KEY)) return
    const timer = setTimeout(() => setIsOpen(true), WELCOME_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  if (!isOpen) return null
  return (
    <Suspense fallback={null}>
      <WelcomeDialog
        onClose={() => {
          localStorage.setItem(WELCOME_STORAGE_KEY, 'true')
          setIsOpen(false)
        }}
      />
    </Suspense>
  )
}
