import { act, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { domain, testBackend, testBaseUrl } from '../test/harness'
import { createDocChat } from './create-doc-chat'
import { type DocChatElement, defineDocChatElement, elementName } from './custom-element'
import type { PanelModule } from './panel-contract'

const backend = testBackend({ globalFetch: true })
const loadPanel = vi.fn((): Promise<PanelModule> => import('./panel'))
beforeAll(() => defineDocChatElement({ loadPanel, idlePreload: false }))
afterEach(async () => {
  // Removing the elements is their destroy().
  await act(async () => document.body.replaceChildren())
})

/** What an author writes in HTML: attributes only, no script call. */
async function authored(attributes: Record<string, string>): Promise<DocChatElement> {
  const holder = document.createElement('div')
  const attrs = Object.entries({
    domain,
    'api-base-url': testBaseUrl,
    'assistant-key': backend.server.keys.assistant,
    ...attributes,
  })
    .map(([name, value]) => `${name}="${value.replaceAll('"', '&quot;')}"`)
    .join(' ')
  holder.innerHTML = `<docchat-widget ${attrs}></docchat-widget>`
  const element = holder.firstElementChild as DocChatElement
  document.body.append(element)
  await act(async () => {
    await element.ready
  })
  return element
}

const rootOf = (element: Element) =>
  element.shadowRoot!.querySelector<HTMLElement>('.docchat-root')!
const triggerOf = (element: Element) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>('.docchat-trigger')!

describe('<docchat-widget>', () => {
  it('is registered once, and never again by a second copy of the loader', () => {
    const registered = customElements.get(elementName)
    expect(registered).toBeDefined()
    defineDocChatElement({})
    expect(customElements.get(elementName)).toBe(registered)
  })

  it('starts from its attributes with no script call: kebab-case attributes are the init options', async () => {
    const element = await authored({
      theme: 'dark',
      variant: 'sidebar',
      labels: '{"trigger":"Docs AI"}',
      'starter-questions': 'How do I install the widget?|What is DocChat?',
    })
    expect(await element.ready).toBeDefined()
    expect(element).toHaveAttribute('data-theme', 'dark')
    expect(triggerOf(element)).toHaveTextContent('Docs AI')
    expect(element.theme).toBe('dark')
    expect(element.starterQuestions).toEqual(['How do I install the widget?', 'What is DocChat?'])
    // The element is the host: no second <docchat-widget> was created for it.
    expect(document.querySelectorAll(elementName)).toHaveLength(1)
  })

  it('emits composed, bubbling DOM events mapped from onEvent, and keeps onEvent', async () => {
    const onEvent = vi.fn()
    const element = await authored({ 'include-question-text': 'true' })
    element.onEvent = onEvent
    const seen: Array<{ type: string; detail: unknown; composed: boolean }> = []
    for (const type of ['docchat-open', 'docchat-ask', 'docchat-close']) {
      document.addEventListener(type, (event) =>
        seen.push({ type, detail: (event as CustomEvent).detail, composed: event.composed }),
      )
    }
    await userEvent.setup().click(triggerOf(element))
    // The first test to import the panel chunk (jsdom compiles it now).
    const dialog = await waitFor(() => within(rootOf(element)).getByRole('dialog'), {
      timeout: 10_000,
    })
    await act(() => element.ask('How do I install the widget?'))
    await waitFor(() => expect(dialog.querySelector('article')).not.toBeNull(), { timeout: 10_000 })
    await act(() => element.close())
    expect(seen.map((event) => event.type)).toEqual([
      'docchat-open',
      'docchat-ask',
      'docchat-close',
    ])
    expect(seen.every((event) => event.composed)).toBe(true)
    expect(seen[0]!.detail).toMatchObject({ type: 'open', view: 'assistant', source: 'trigger' })
    expect(seen[1]!.detail).toMatchObject({ type: 'ask', question: 'How do I install the widget?' })
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual(['open', 'ask', 'close'])
  })

  it('follows attribute and property changes, and restores a default when an attribute goes', async () => {
    const element = await authored({ theme: 'dark' })
    element.setAttribute('theme', 'light')
    await waitFor(() => expect(element).toHaveAttribute('data-theme', 'light'))
    element.labels = { trigger: 'Help' }
    await waitFor(() => expect(triggerOf(element)).toHaveTextContent('Help'))
    // What React 19 and Vue do with a JSX attribute that is also a property: set it as text.
    ;(element as unknown as { labels: string }).labels = '{"trigger":"Docs AI"}'
    await waitFor(() => expect(triggerOf(element)).toHaveTextContent('Docs AI'))
    ;(element as unknown as { trigger: string }).trigger = 'false'
    await waitFor(() => expect(triggerOf(element).hidden).toBe(true))
    element.trigger = undefined
    element.removeAttribute('theme')
    await waitFor(() => expect(rootOf(element).getAttribute('data-theme')).not.toBe('light'))
  })

  it('removing it is destroy(); adding it again starts it again', async () => {
    const element = await authored({})
    await userEvent.setup().click(triggerOf(element))
    await waitFor(() => within(rootOf(element)).getByRole('dialog'))
    await act(async () => element.remove())
    await waitFor(() => expect(element.shadowRoot!.childElementCount).toBe(0))
    expect(element.shadowRoot!.adoptedStyleSheets ?? []).toHaveLength(0)
    // Its shortcuts went with it.
    await userEvent.setup().keyboard('{Control>}i{/Control}')
    expect(element.shadowRoot!.querySelector('[role="dialog"]')).toBeNull()

    document.body.append(element)
    await act(async () => {
      await element.ready
    })
    // One loader root again (the panel, once loaded, nests its own .docchat-root inside it).
    expect(
      [...element.shadowRoot!.children].filter((child) => child.matches('.docchat-root')),
    ).toHaveLength(1)
    expect(triggerOf(element)).toHaveTextContent('Ask AI')
  })

  it('reports a missing domain as docchat-error and starts once it is set', async () => {
    const errors: unknown[] = []
    document.addEventListener('docchat-error', (event) =>
      errors.push((event as CustomEvent).detail),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const element = await authored({ domain: '' })
    expect(await element.ready).toBeUndefined()
    expect(errors).toEqual([
      expect.objectContaining({ type: 'error', message: expect.stringMatching(/domain/) }),
    ])
    spy.mockRestore()
    element.setAttribute('domain', domain)
    await waitFor(() =>
      expect(element.shadowRoot!.querySelector('.docchat-trigger')).not.toBeNull(),
    )
  })

  it('leaves the elements DocChat.init creates to init', async () => {
    const instance = await createDocChat(
      { domain, apiBaseUrl: testBaseUrl, assistantKey: backend.server.keys.assistant },
      { loadPanel, idlePreload: false },
    )
    const host = document.querySelector(elementName)!
    expect(host.shadowRoot!.querySelectorAll('.docchat-trigger')).toHaveLength(1)
    expect(await (host as DocChatElement).ready).toBeUndefined()
    await act(() => instance.destroy())
    expect(document.querySelector(elementName)).toBeNull()
  })

  it('asks the ?assistant= question once, then takes it out of the URL', async () => {
    history.replaceState(null, '', '/guide?v=1&assistant=How%20do%20I%20install%20the%20widget%3F')
    const before = backend.server.requests.filter((r) => r.path.includes('/assistant/')).length
    const element = await authored({})
    const dialog = await waitFor(() => within(rootOf(element)).getByRole('dialog'))
    await waitFor(() => expect(dialog.querySelector('article')).not.toBeNull(), { timeout: 10_000 })
    expect(within(dialog).getByText('How do I install the widget?')).toBeInTheDocument()
    expect(location.search).toBe('?v=1')
    const asked = backend.server.requests.filter((r) => r.path.includes('/assistant/'))
    expect(asked.length - before).toBe(1)
  })

  it('opens search prefilled from #docchat-search=, under a renamed key', async () => {
    history.replaceState(null, '', '/guide#find=rate%20limits')
    const element = await authored({ 'search-hash': 'find' })
    const input = await waitFor(() => within(rootOf(element)).getByRole('combobox'))
    expect(input).toHaveValue('rate limits')
    expect(location.hash).toBe('')
  })

  it('does nothing with deep links when deep-links="false"', async () => {
    history.replaceState(null, '', '/guide?assistant=hello')
    const element = await authored({ 'deep-links': 'false' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(element.shadowRoot!.querySelector('[role="dialog"]')).toBeNull()
    expect(location.search).toBe('?assistant=hello')
  })

  // Issue 20: `api-base-url` / `proxy-url` may come from markup, so the reader's stored thread
  // (its secret key) and history are kept per API origin: an element pointed elsewhere gets none.
  it('an element pointed at another API origin sends none of the stored thread, key or history', async () => {
    localStorage.clear()
    const assistantRequests = () =>
      backend.server.requests.filter((request) => request.path.includes('/assistant/'))
    const first = await authored({})
    await act(() => first.ask('How do I install the widget?'))
    const dialog = await waitFor(() => within(rootOf(first)).getByRole('dialog'))
    await waitFor(
      () => expect(dialog.querySelector('article[data-state="complete"]')).not.toBeNull(),
      { timeout: 10_000 },
    )
    const stored = JSON.stringify({ ...localStorage })
    expect(stored).toContain('threadKey')
    await act(async () => first.remove())

    const before = assistantRequests().length
    const elsewhere = await authored({ 'api-base-url': 'http://elsewhere.test' })
    await act(() => elsewhere.ask('What is DocChat?'))
    await waitFor(() => expect(assistantRequests().length).toBe(before + 1), { timeout: 10_000 })
    const body = assistantRequests().at(-1)!.body as {
      threadId?: unknown
      threadKey?: unknown
      messages: Array<{ content: string }>
    }
    expect(body.threadId ?? null).toBeNull()
    expect(body.threadKey).toBeUndefined()
    expect(body.messages.map((message) => message.content)).toEqual(['What is DocChat?'])
  })
})
