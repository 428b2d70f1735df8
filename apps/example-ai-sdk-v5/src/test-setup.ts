import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Streams from the in-process dev server take a few hundred ms; leave room on a loaded machine.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
})
