import { act, fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DocChatEvent } from '../analytics'
import { axeViolations } from '@docchat/test-utils/axe'
import { domain, testBackend, testBaseUrl } from '../test/harness'
import { createDocChat } from './create-doc-chat'
import type { DocChatInitOptions, DocChatInstance } from './embed-options'
import type { PanelModule } from './panel-contract'

// The drop-in calls the global fetch (no client injection): routed to the in-process server.
const backend = testBackend({ globalFetch: true })

const instances: DocChatInstance[] = []
afterEach(async () => {
  for (const instance of instances.splice(0)) await act(() => instance.destroy())
  document.body.innerHTML = ''
})

/** Testing Library queries need an element: the widget's root inside the shadow root. */
function rootOf(shadow: ShadowRoot): HTMLElement {
  return shadow.querySelector<HTMLElement>('.docchat-root')!
}

const loadPanel = vi.fn((): Promise<PanelModule> => import('./panel'))

async function init(options: Partial<DocChatInitOptions> = {}) {
  const instance = await createDocChat(
    { domain, apiBaseUrl: testBaseUrl, assistantKey: backend.server.keys.assistant, ...options },
    { loadPanel, scriptUrl: 'https://cdn.example.com/docchat/docchat.js' },
  )
  instances.push(instance)
  const host = document.querySelector('docchat-widget') as HTMLElement
  const shadow = host.shadowRoot!
  const trigger = shadow.querySelector<HTMLButtonElement>('.docchat-trigger')!
  return { instance, host, shadow, trigger }
}

describe('window.DocChat.init', () => {
  it('draws only the trigger in an open shadow root, with its styles inside', async () => {
    loadPanel.mockClear()
    const { host, shadow, trigger } = await init()
    expect(document.body.children).toHaveLength(1)
    expect(host.shadowRoot).toBe(shadow)
    expect(trigger).toHaveTextContent('Ask AI')
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(trigger).toHaveAttribute('aria-keyshortcuts', 'Meta+I Control+I')
    expect(host).toHaveAttribute('data-theme', 'system')
    // jsdom has no constructable stylesheets: the <style> fallback, inside the shadow root only.
    const style = shadow.querySelector('style')!
    expect(style.textContent).toContain('.docchat-trigger')
    expect(style.textContent).toContain(':host')
    expect(document.head.querySelector('style')).toBeNull()
    expect(loadPanel).not.toHaveBeenCalled()
  })

  it('rejects without a domain or a key', async () => {
    await expect(createDocChat({ domain: '' } as DocChatInitOptions)).rejects.toThrow(/domain/)
    await expect(createDocChat({ domain })).rejects.toThrow(/assistantKey.*proxyUrl/)
    expect(document.querySelector('docchat-widget')).toBeNull()
  })

  it('puts the nonce on the style fallback', async () => {
    const { shadow } = await init({ nonce: 'abc123' })
    expect(shadow.querySelector('style')!.nonce).toBe('abc123')
  })

  it('loads the panel on first use and opens the assistant inside the shadow root', async () => {
    loadPanel.mockClear()
    const events: DocChatEvent[] = []
    const { shadow, trigger } = await init({ onEvent: (event) => events.push(event) })
    const user = userEvent.setup()
    await user.click(trigger)
    // The first import of the panel module compiles it, which takes a while under Vitest.
    await waitFor(() => expect(within(rootOf(shadow)).getByRole('dialog')).toBeInTheDocument(), {
      timeout: 10_000,
    })
    expect(loadPanel).toHaveBeenCalledTimes(1)
    expect(loadPanel).toHaveBeenCalledWith('https://cdn.example.com/docchat/docchat-panel.js')
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(shadow.querySelectorAll('style')).toHaveLength(2)
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'open', view: 'assistant', source: 'trigger' }),
    )
    // Esc closes and gives focus back to the trigger.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(shadow.querySelector('[role="dialog"]')).toBeNull())
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(shadow.activeElement).toBe(trigger))
    await user.click(trigger)
    expect(loadPanel).toHaveBeenCalledTimes(1)
  })

  it('gives focus back to its trigger on Escape also when nothing had focus as it opened', async () => {
    // Chromium blurs the trigger as it hides (the panel took its place) and may do so before the
    // panel mounts; opened from the page with nothing focused is that same state.
    const { instance, shadow, trigger } = await init()
    ;(document.activeElement as HTMLElement | null)?.blur()
    await act(() => instance.open())
    const dialog = await waitFor(() => within(rootOf(shadow)).getByRole('dialog'), {
      timeout: 10_000,
    })
    await waitFor(() => expect(dialog.contains(shadow.activeElement)).toBe(true))
    await userEvent.setup().keyboard('{Escape}')
    await waitFor(() => expect(shadow.querySelector('[role="dialog"]')).toBeNull())
    await waitFor(() => expect(shadow.activeElement).toBe(trigger))
  })

  it('ask() opens the assistant and streams the answer from the API', async () => {
    const { instance, shadow } = await init()
    await act(() => instance.ask('How do I install the widget?'))
    const dialog = await waitFor(() => within(rootOf(shadow)).getByRole('dialog'))
    // The finished answer, not just the question: under load the log can be idle before the
    // request starts, so wait for the answer's sources themselves.
    await waitFor(
      () => {
        expect(dialog.querySelector('[role="log"]')?.getAttribute('aria-busy')).toBe('false')
        expect(within(dialog).getByRole('list', { name: 'Sources' })).toBeInTheDocument()
      },
      { timeout: 15_000 },
    )
    // axe-core walks open shadow roots: the answered panel inside the drop-in is clean too.
    expect(await axeViolations(document.body)).toEqual([])
    const sent = backend.server.requests.filter((r) => r.path.includes('/assistant/')).at(-1)!
    expect(sent.headers.authorization).toBe(`Bearer ${backend.server.keys.assistant}`)
  })

  it('goes through proxyUrl without sending a key', async () => {
    const { instance, shadow } = await init({ assistantKey: undefined, proxyUrl: testBaseUrl })
    await act(() => instance.open({ view: 'search' }))
    const input = await waitFor(() => within(rootOf(shadow)).getByRole('combobox'))
    const user = userEvent.setup()
    await user.type(input, 'widget')
    await waitFor(() =>
      expect(backend.server.requests.some((r) => r.path.includes('/search/'))).toBe(true),
    )
    const sent = backend.server.requests.filter((r) => r.path.includes('/search/')).at(-1)!
    expect(sent.headers.authorization).toBeUndefined()
  })

  it('update() patches labels, theme and accent; null restores the default', async () => {
    const { instance, host, trigger } = await init()
    await instance.update({
      labels: { trigger: 'Help' },
      theme: 'dark',
      accent: '#ff0066',
      side: 'start',
    })
    expect(trigger).toHaveTextContent('Help')
    expect(host).toHaveAttribute('data-theme', 'dark')
    expect(host.style.getPropertyValue('--docchat-primary-color')).toBe('#ff0066')
    expect(trigger).toHaveAttribute('data-side', 'start')
    await instance.update({ labels: null, accent: null, theme: null })
    expect(trigger).toHaveTextContent('Ask AI')
    expect(host).toHaveAttribute('data-theme', 'system')
    expect(host.style.getPropertyValue('--docchat-primary-color')).toBe('')
  })

  it('opens with ⌘/Ctrl+K and ⌘/Ctrl+I, but not while the user types in the page', async () => {
    const page = document.createElement('input')
    document.body.append(page)
    const { shadow, trigger } = await init()
    fireEvent.keyDown(page, { key: 'i', ctrlKey: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(shadow.querySelector('[role="dialog"]')).toBeNull()

    fireEvent.keyDown(document.body, { key: 'k', metaKey: true })
    await waitFor(() => expect(shadow.querySelector('[role="combobox"]')).not.toBeNull())
    fireEvent.keyDown(document.body, { key: 'i', ctrlKey: true })
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'))
    expect(shadow.querySelector('[role="combobox"]')).toBeNull()
    // The same shortcut closes it again.
    fireEvent.keyDown(document.body, { key: 'i', ctrlKey: true })
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'))
    // ⌘⇧I stays the browser's (devtools).
    fireEvent.keyDown(document.body, { key: 'i', metaKey: true, shiftKey: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
  })

  it('respects shortcuts: false and trigger: false', async () => {
    const { shadow, trigger } = await init({ shortcuts: false, trigger: false })
    expect(trigger.hidden).toBe(true)
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(shadow.querySelector('[role="dialog"]')).toBeNull()
  })

  it('destroy() removes every node and listener it added', async () => {
    const added: Array<[EventTarget, string, unknown]> = []
    const removed: Array<[EventTarget, string, unknown]> = []
    const targets = [window, document] as const
    const spies = targets.flatMap((target) => {
      const add = target.addEventListener.bind(target)
      const remove = target.removeEventListener.bind(target)
      return [
        vi.spyOn(target, 'addEventListener').mockImplementation((...args) => {
          added.push([target, args[0], args[1]])
          add(...args)
        }),
        vi.spyOn(target, 'removeEventListener').mockImplementation((...args) => {
          removed.push([target, args[0], args[1]])
          remove(...args)
        }),
      ]
    })
    const before = document.body.innerHTML
    const { instance, shadow } = await createDocChat(
      { domain, apiBaseUrl: testBaseUrl, assistantKey: backend.server.keys.assistant },
      { loadPanel },
    ).then(async (created) => {
      const host = document.querySelector('docchat-widget')!
      return { instance: created, shadow: host.shadowRoot! }
    })
    await act(() => instance.open())
    await waitFor(() => expect(shadow.querySelector('[role="dialog"]')).not.toBeNull())
    await act(() => instance.destroy())
    for (const spy of spies) spy.mockRestore()

    expect(document.querySelector('docchat-widget')).toBeNull()
    expect(document.body.innerHTML).toBe(before)
    expect(added.length).toBeGreaterThan(0)
    for (const [target, type, listener] of added) {
      expect(removed).toContainEqual([target, type, listener])
    }
    // Calls after destroy are harmless no-ops.
    await instance.close()
    await instance.destroy()
    fireEvent.keyDown(document.body, { key: 'i', ctrlKey: true })
    expect(document.querySelector('docchat-widget')).toBeNull()
  })

  it('reports a panel that fails to load and retries on the next use', async () => {
    const events: DocChatEvent[] = []
    const failing = vi
      .fn<() => Promise<PanelModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => import('./panel'))
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {})
    const instance = await createDocChat(
      {
        domain,
        apiBaseUrl: testBaseUrl,
        assistantKey: backend.server.keys.assistant,
        onEvent: (event) => events.push(event),
      },
      { loadPanel: failing },
    )
    instances.push(instance)
    await expect(instance.open()).rejects.toThrow(/dynamically imported/)
    expect(events).toContainEqual(expect.objectContaining({ type: 'error', kind: 'network' }))
    await act(() => instance.open())
    expect(failing).toHaveBeenCalledTimes(2)
    errorLog.mockRestore()
  })
})
