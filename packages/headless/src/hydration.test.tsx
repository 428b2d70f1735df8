import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { AllParts } from './test/all-parts'

describe('hydration', () => {
  it('hydrates server HTML without mismatches, then fills in the platform label', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const container = document.createElement('div')
    container.innerHTML = renderToString(<AllParts />)
    document.body.appendChild(container)
    const onRecoverableError = vi.fn()
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(container, <AllParts />, { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled()
    // React 18's server renderer warns about useLayoutEffect only because this test renders to a
    // string inside jsdom (where `document` exists); in Node the parts pick useEffect instead.
    const messages = errors.mock.calls
      .map((call) => String(call[0]))
      .filter((message) => !message.includes('useLayoutEffect does nothing on the server'))
    expect(messages).toEqual([])
    expect(container.querySelector('kbd[data-state]')).toHaveTextContent('⌘K')
    await act(async () => root?.unmount())
    container.remove()
    vi.restoreAllMocks()
  })
})
