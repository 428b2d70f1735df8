'use client'

import { useEffect, useState } from 'react'

/**
 * Whole seconds left until `until` (a timestamp), ticking once a second and stopping at 0. The
 * interval is cleared on unmount and when `until` changes.
 */
export function useCountdown(until: number | undefined): number {
  const secondsLeft = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0)
  const [seconds, setSeconds] = useState(secondsLeft)
  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft derives from until
  useEffect(() => {
    setSeconds(secondsLeft())
    if (!until) return
    const timer = setInterval(() => {
      const left = secondsLeft()
      setSeconds(left)
      if (left <= 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return seconds
}
