// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AllParts } from './test/all-parts'

describe('server rendering (Node, no DOM globals)', () => {
  it('runs without window or document', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it('renders every component with renderToString', () => {
    const html = renderToString(<AllParts />)
    expect(html).toContain('role="combobox"')
    expect(html).toContain('role="dialog"')
    expect(html).toContain('aria-modal="true"')
    expect(html).toContain('role="log"')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('<mark>Auth</mark>')
    expect(html).toContain('data-docchat-code-block')
    expect(html).toContain('&lt;script&gt;')
    expect(html).not.toContain('<script')
    // The ⌘/Ctrl label is left empty on the server (filled in after mount: no hydration mismatch).
    expect(html).toContain('<kbd aria-hidden="true" data-state="pending"></kbd>')
  })

  it('renders closed dialogs too', () => {
    expect(renderToString(<AllParts dialogOpen={false} />)).not.toContain('role="dialog"')
  })

  it('imports the package entry without touching DOM globals', async () => {
    const module = await import('./index')
    expect(Object.keys(module).length).toBeGreaterThan(20)
  })
})
