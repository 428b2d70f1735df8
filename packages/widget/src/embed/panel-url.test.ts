import { act } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDocChat, resolvePanelUrl } from './create-doc-chat'
import { type DocChatElement, defineDocChatElement } from './custom-element'
import type { DocChatInstance } from './embed-options'
import { maxJsonOptionChars, optionsFromDataset } from './embed-options'
import type { PanelHandle, PanelModule } from './panel-contract'

// Issue 20, finding 1: `panel-url` in markup ran any script in the page's origin, with no click.
// The panel's URL is the one option that decides which code runs: it comes from script only.

const loaderUrl = 'https://cdn.example.com/docchat/docchat.js'
const besideLoader = 'https://cdn.example.com/docchat/docchat-panel.js'
const hostile = [
  'data:text/javascript,window.__pwned=1',
  'blob:https://cdn.example.com/0f1e2d3c',
  'javascript:window.__pwned=1',
  ' JaVaScRiPt:window.__pwned=1',
  'java\tscript:window.__pwned=1',
  'file:///etc/passwd',
  `https://cdn.example.com/${'a'.repeat(100_000)}.js`,
]

const stubHandle: PanelHandle = {
  open() {},
  close() {},
  ask() {},
  followDeepLink() {},
  restoreOpen() {},
  update() {},
  reset() {},
  destroy() {},
}
// The URL is all these tests look at: a stand-in panel, so nothing is compiled or fetched.
const loadPanel = vi.fn(
  async (_url: string): Promise<PanelModule> => ({
    mountPanel: () => stubHandle,
  }),
)
const base = { domain: 'acme', proxyUrl: '/api/docchat' }

beforeAll(() => {
  defineDocChatElement({ loadPanel, idlePreload: false, scriptUrl: loaderUrl })
})
const instances: DocChatInstance[] = []
afterEach(async () => {
  for (const instance of instances.splice(0)) await act(() => instance.destroy())
  await act(async () => document.body.replaceChildren())
  loadPanel.mockClear()
  vi.restoreAllMocks()
  delete (window as { __pwned?: unknown }).__pwned
})

describe('resolvePanelUrl', () => {
  it('loads next to the loader by default, and takes an http(s) URL given in code', () => {
    expect(resolvePanelUrl(undefined, loaderUrl)).toBe(besideLoader)
    expect(resolvePanelUrl('v2/docchat-panel.js', loaderUrl)).toBe(
      'https://cdn.example.com/docchat/v2/docchat-panel.js',
    )
    expect(resolvePanelUrl('https://static.example.org/p/docchat-panel.js', loaderUrl)).toBe(
      'https://static.example.org/p/docchat-panel.js',
    )
  })

  it('refuses data:, blob:, javascript: and over-long URLs, with an error, and loads the default', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const value of hostile) {
      expect(resolvePanelUrl(value, loaderUrl), value.slice(0, 40)).toBe(besideLoader)
    }
    expect(resolvePanelUrl({ toString: () => 'data:,x' }, loaderUrl)).toBe(besideLoader)
    expect(errors).toHaveBeenCalledTimes(hostile.length + 1)
    // Never the whole 100k-character value in the console.
    for (const [message] of errors.mock.calls) expect(String(message).length).toBeLessThan(300)
  })
})

describe('the panel URL from code (DocChat.init)', () => {
  it('a data: panelUrl is refused: the panel loads from next to the loader', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const instance = await createDocChat(
      { ...base, panelUrl: 'data:text/javascript,window.__pwned=1' },
      { loadPanel, scriptUrl: loaderUrl, idlePreload: false },
    )
    instances.push(instance)
    await act(() => instance.open())
    expect(loadPanel).toHaveBeenCalledTimes(1)
    expect(loadPanel).toHaveBeenCalledWith(besideLoader)
  })
})

describe('the panel URL from markup', () => {
  it('the script tag’s data-panel-url is not an option', () => {
    expect(optionsFromDataset({ domain: 'acme', panelUrl: 'data:text/javascript,1' })).toEqual({
      domain: 'acme',
    })
  })

  it('<docchat-widget panel-url> is ignored, in markup or set later, with one warning', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const holder = document.createElement('div')
    holder.innerHTML =
      '<docchat-widget domain="acme" proxy-url="/api/docchat" panel-url="data:text/javascript,window.__pwned=1"></docchat-widget>'
    const authored = holder.firstElementChild as DocChatElement
    document.body.append(authored)
    const first = await authored.ready
    expect(first).toBeDefined()
    await act(() => authored.open())
    expect(loadPanel).toHaveBeenLastCalledWith(besideLoader)

    // Created by a script from attribute text (a CMS, a framework), cross-origin this time.
    const created = document.createElement('docchat-widget') as DocChatElement
    created.setAttribute('domain', 'acme')
    created.setAttribute('proxy-url', '/api/docchat')
    created.setAttribute('panel-url', 'https://evil.example/docchat-panel.js')
    document.body.append(created)
    await act(() => created.open())
    // Changed on an element that is running: still nothing else is loaded.
    created.setAttribute('panel-url', 'https://evil.example/other.js')
    await act(() => created.reset())
    expect(loadPanel.mock.calls.map(([url]) => url)).toEqual([besideLoader, besideLoader])

    const named = warnings.mock.calls.filter(([message]) => String(message).includes('"panel-url"'))
    expect(named).toHaveLength(1)
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined()
  })

  it('a panelUrl property (React 19 and MDX set one from markup) is ignored too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const element = document.createElement('docchat-widget') as DocChatElement
    element.setAttribute('domain', 'acme')
    element.setAttribute('proxy-url', '/api/docchat')
    element.panelUrl = 'https://evil.example/docchat-panel.js'
    expect(element.panelUrl).toBeUndefined()
    document.body.append(element)
    await act(() => element.open())
    expect(loadPanel).toHaveBeenCalledWith(besideLoader)
  })
})

describe('option values from markup, hostile ones', () => {
  it('ignores over-long values before parsing them, and keeps only words in labels', () => {
    const huge = `[${'"x",'.repeat(maxJsonOptionChars)}"x"]`
    const parse = vi.spyOn(JSON, 'parse')
    const options = optionsFromDataset({
      labels: JSON.stringify({ trigger: 'Help', nested: { deep: [1, 2] }, n: 5 }),
      suggestedPages: huge,
      starterQuestions: huge,
      accent: 'a'.repeat(100_000),
      contextSelector: `main${' div'.repeat(50_000)}`,
    })
    // Only the labels (short) were parsed.
    expect(parse).toHaveBeenCalledTimes(1)
    expect(options).toEqual({ labels: { trigger: 'Help' } })
  })

  it('caps lists read from markup', () => {
    const pages = Array.from({ length: 500 }, (_, i) => ({ title: `P${i}`, href: `/p${i}` }))
    const options = optionsFromDataset({
      suggestedPages: JSON.stringify(pages),
      starterQuestions: JSON.stringify([...Array(500).keys()].map((i) => `Q${i}?`).concat()),
    })
    expect(options.suggestedPages).toHaveLength(50)
    expect(options.starterQuestions).toHaveLength(50)
  })
})
