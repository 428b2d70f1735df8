'use client'

import { useEffect, useLayoutEffect } from 'react'

/** useLayoutEffect warns during server rendering (React 18); fall back to useEffect there. */
export const useIsomorphicLayoutEffect =
  typeof document !== 'undefined' ? useLayoutEffect : useEffect
