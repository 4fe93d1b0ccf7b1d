import { useEffect, useState } from 'react'

/**
 * How much of the bottom of the layout viewport the on-screen keyboard covers, in px, where the
 * browser reports it through visualViewport (iOS Safari, Chrome with an overlaying keyboard); 0
 * elsewhere. Fixed and sticky bars add it to their `bottom` to stay above the keyboard.
 */
export function useKeyboardInset(): number {
  const [inset, setInset] = useState(0)
  useEffect(() => {
    const viewport = window.visualViewport
    if (!viewport) return
    const measure = () =>
      setInset(Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop)))
    measure()
    viewport.addEventListener('resize', measure)
    viewport.addEventListener('scroll', measure)
    return () => {
      viewport.removeEventListener('resize', measure)
      viewport.removeEventListener('scroll', measure)
    }
  }, [])
  return inset
}
