'use client'

import { useCallback, useRef } from 'react'

/** A stable function that always calls the latest `callback`, so effects needn't re-subscribe. */
export function useCallbackRef<A extends unknown[], R>(
  callback: ((...args: A) => R) | undefined,
): (...args: A) => R | undefined {
  const ref = useRef(callback)
  ref.current = callback
  return useCallback((...args: A) => ref.current?.(...args), [])
}
