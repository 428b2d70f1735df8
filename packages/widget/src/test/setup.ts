import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Node-environment files (SSR tests) have no DOM to clean up.
afterEach(() => {
  if (typeof document === 'undefined') return
  cleanup()
  localStorage.clear()
  // The panel remembers per tab whether it was open: one test's open panel must not reopen in the next.
  sessionStorage.clear()
  // Deep-link tests put a question in the page's address: the next test starts at `/`.
  history.replaceState(null, '', '/')
})
