// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { AllParts } from './test/all-parts'

describe('server rendering (Node, no DOM globals)', () => {
  it('runs without window or document', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  describe('renders every component with renderToString', () => {
    let html = ''
    beforeAll(() => {
      html = renderToString(<AllParts />)
    })

    it.each([
      'role="combobox"',
      'role="dialog"',
      'aria-modal="true"',
      'role="log"',
      'aria-busy="true"',
      '<mark>Auth</mark>',
      'data-docchat-code-block',
      '&lt;script&gt;',
      // The ⌘/Ctrl label is left empty on the server (filled in after mount: no hydration mismatch).
      '<kbd aria-hidden="true" data-state="pending"></kbd>',
    ])('with %s', (part) => {
      expect(html).toContain(part)
    })

    it('with no script element', () => {
      expect(html).not.toContain('<script')
    })
  })

  it('renders closed dialogs too', () => {
    expect(renderToString(<AllParts dialogOpen={false} />)).not.toContain('role="dialog"')
  })

  it('imports the package entry without touching DOM globals', async () => {
    const module = await import('./index')
    expect(Object.keys(module).length).toBeGreaterThan(20)
  })
})
