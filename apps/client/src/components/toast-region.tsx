import { notifications, notificationsStore, useNotifications } from '@mantine/notifications'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { showToastFromBeforeReload } from '../lib/toast.ts'

// The renderer loads after the first paint; notifications.show() only needs the small store.
const Notifications = lazy(() =>
  import('./toast-renderer.tsx').then((module) => ({ default: module.Notifications })),
)

export const TOAST_DURATION_MS = 5000
export const SWIPE_DISMISS_PX = 50
const TOAST_LIMIT = 1

// The renderer applies its limit only once loaded; the store needs it from the first toast.
notificationsStore.updateState((state) => ({
  ...state,
  limit: TOAST_LIMIT,
  defaultPosition: 'top-center',
}))

/**
 * SPEC section 4 toasts: one at a time, 5000 ms, paused while hovered or focused (Mantine's stacked
 * layout pauses on both), a 50 px swipe to the right dismisses, F8 moves focus to the region.
 */
export function ToastRegion() {
  const regionRef = useRef<HTMLDivElement>(null)
  const swipeStartX = useRef<number | null>(null)
  const { notifications: visible, queue } = useNotifications()
  // Load the renderer with the first toast; until then only the small store is needed.
  const [hasToasts, setHasToasts] = useState(false)
  if (!hasToasts && visible.length + queue.length > 0) setHasToasts(true)

  useEffect(showToastFromBeforeReload, [])

  useEffect(() => {
    const focusRegion = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return
      event.preventDefault()
      const target =
        regionRef.current?.querySelector<HTMLElement>('button') ?? regionRef.current ?? null
      target?.focus()
    }
    window.addEventListener('keydown', focusRegion)
    return () => window.removeEventListener('keydown', focusRegion)
  }, [])

  const dismissIfSwiped = (clientX: number) => {
    const startX = swipeStartX.current
    const shown = visible[0]
    if (startX === null || !shown?.id || clientX - startX < SWIPE_DISMISS_PX) return
    swipeStartX.current = null
    notifications.hide(shown.id)
  }

  return (
    <div
      ref={regionRef}
      role="region"
      aria-label="Notifications (F8)"
      tabIndex={-1}
      onPointerDown={(event) => {
        swipeStartX.current = event.clientX
      }}
      onPointerMove={(event) => dismissIfSwiped(event.clientX)}
      onPointerUp={(event) => {
        dismissIfSwiped(event.clientX)
        swipeStartX.current = null
      }}
      onPointerCancel={() => {
        swipeStartX.current = null
      }}
    >
      {hasToasts && (
        <Suspense fallback={null}>
          <Notifications
            withinPortal={false}
            position="top-center"
            limit={TOAST_LIMIT}
            autoClose={TOAST_DURATION_MS}
            layout="stacked"
            allowDragDismiss={false}
            allowScrollDismiss={false}
          />
        </Suspense>
      )}
    </div>
  )
}
