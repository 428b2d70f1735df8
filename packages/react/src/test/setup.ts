import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Streams from the in-process dev server take a few hundred ms; leave room on a loaded CI box.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
