import { act, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DocChatEvent } from '../analytics'
import { createDocChat, type LoaderEnvironment } from './create-doc-chat'
import type { DocChatInitOptions, DocChatInstance } from './embed-options'
import { prefersSavingData, whenIdleAfterLoad } from './idle-preload'
import type { PanelModule } from './panel-contract'

/*
 * jsdom has no idle callbacks: this queue stands in for the browser's, so each test decides when
 * the page "goes idle". Nothing is sent over the network: the panel is mounted closed.
 */
let idleQueue: Array<{ id: number; callback: IdleRequestCallback; timeout?: number }> = []
let nextId = 1
const runIdle = () => {
  const due = idleQueue.splice(0)
  for (const { callback } of due) callback({ didTimeout: false, timeRemaining: () => 50 })
  return due.length
}

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state })
}

function setSaveData(saveData: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    value: saveData === undefined ? undefined : { saveData },
  })
}

function setReducedData(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: matches && query === '(prefers-reduced-data: reduce)',
        media: query,
      }) as MediaQueryList,
  )
}

beforeEach(() => {
  idleQueue = []
  vi.stubGlobal(
    'requestIdleCallback',
    (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      const id = nextId++
      idleQueue.push({ id, callback, timeout: options?.timeout })
      return id
    },
  )
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    idleQueue = idleQueue.filter((entry) => entry.id !== id)
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  setReadyState('complete')
  setSaveData(undefined)
})

describe('whenIdleAfterLoad', () => {
  it('waits for the load event, then for an idle period with a timeout', () => {
    setReadyState('loading')
    const callback = vi.fn()
    whenIdleAfterLoad(callback, { timeout: 2500 })
    expect(idleQueue).toHaveLength(0)
    setReadyState('complete')
    window.dispatchEvent(new Event('load'))
    expect(idleQueue).toHaveLength(1)
    expect(idleQueue[0]?.timeout).toBe(2500)
    expect(callback).not.toHaveBeenCalled()
    runIdle()
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('asks for idle time at once on a page that has already loaded', () => {
    const callback = vi.fn()
    whenIdleAfterLoad(callback)
    expect(runIdle()).toBe(1)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('cancels before load and before idle', () => {
    setReadyState('loading')
    const beforeLoad = vi.fn()
    whenIdleAfterLoad(beforeLoad)()
    setReadyState('complete')
    window.dispatchEvent(new Event('load'))
    expect(idleQueue).toHaveLength(0)

    const beforeIdle = vi.fn()
    const cancel = whenIdleAfterLoad(beforeIdle)
    expect(idleQueue).toHaveLength(1)
    cancel()
    expect(runIdle()).toBe(0)
    expect(beforeLoad).not.toHaveBeenCalled()
    expect(beforeIdle).not.toHaveBeenCalled()
  })

  it('falls back to a timer where requestIdleCallback is missing (Safari)', () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.useFakeTimers()
    const callback = vi.fn()
    whenIdleAfterLoad(callback, { fallbackDelay: 800 })
    vi.advanceTimersByTime(799)
    expect(callback).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(callback).toHaveBeenCalledTimes(1)

    const cancelled = vi.fn()
    whenIdleAfterLoad(cancelled, { fallbackDelay: 800 })()
    vi.advanceTimersByTime(1000)
    expect(cancelled).not.toHaveBeenCalled()
  })
})

describe('prefersSavingData', () => {
  it('reads Save-Data and prefers-reduced-data', () => {
    setReducedData(false)
    expect(prefersSavingData()).toBe(false)
    setSaveData(false)
    expect(prefersSavingData()).toBe(false)
    setSaveData(true)
    expect(prefersSavingData()).toBe(true)
    setSaveData(undefined)
    setReducedData(true)
    expect(prefersSavingData()).toBe(true)
  })
})

describe('the drop-in preloads its panel when the page is idle', () => {
  const instances: DocChatInstance[] = []
  afterEach(async () => {
    for (const instance of instances.splice(0)) await act(() => instance.destroy())
    document.body.innerHTML = ''
  })

  const loadPanel = vi.fn((): Promise<PanelModule> => import('./panel'))

  async function init(
    options: Partial<DocChatInitOptions> = {},
    environment: LoaderEnvironment = {},
  ) {
    loadPanel.mockClear()
    const events: DocChatEvent[] = []
    const instance = await createDocChat(
      {
        domain: 'docs.example.com',
        apiBaseUrl: 'https://api.example.com',
        assistantKey: 'mint_dsc_test',
        onEvent: (event) => events.push(event),
        ...options,
      },
      { loadPanel, scriptUrl: 'https://cdn.example.com/docchat.js', ...environment },
    )
    instances.push(instance)
    const shadow = document.querySelector('docchat-widget')!.shadowRoot!
    const trigger = shadow.querySelector<HTMLButtonElement>('.docchat-trigger')!
    return { instance, shadow, trigger, events }
  }

  it('loads and mounts the closed panel on idle, before any interaction', async () => {
    const { shadow, trigger, events } = await init()
    expect(loadPanel).not.toHaveBeenCalled()
    expect(runIdle()).toBe(1)
    expect(loadPanel).toHaveBeenCalledWith('https://cdn.example.com/docchat-panel.js')
    // No progress cursor: nobody is pointing at the trigger.
    expect(trigger).not.toHaveAttribute('data-loading')
    // The first import of the panel module compiles it: give it time.
    await waitFor(() => expect(shadow.querySelector('.docchat-panel-host')).not.toBeNull(), {
      timeout: 10_000,
    })
    expect(shadow.querySelector('[role="dialog"]')).toBeNull()
    // The first click then opens at once, from the chunk already loaded.
    await act(async () => trigger.click())
    await waitFor(() => expect(shadow.querySelector('[role="dialog"]')).not.toBeNull())
    expect(loadPanel).toHaveBeenCalledTimes(1)
    expect(events.filter((event) => event.type === 'error')).toEqual([])
  })

  it('does not preload for visitors saving data, nor when the page opts out', async () => {
    setSaveData(true)
    await init()
    expect(idleQueue).toHaveLength(0)
    await act(() => instances.pop()!.destroy())

    setSaveData(undefined)
    setReducedData(true)
    await init()
    expect(idleQueue).toHaveLength(0)
    await act(() => instances.pop()!.destroy())

    setReducedData(false)
    await init({}, { idlePreload: false })
    expect(idleQueue).toHaveLength(0)
    expect(loadPanel).not.toHaveBeenCalled()
  })

  it('still preloads for selection capture when saving data (it works before any click)', async () => {
    setSaveData(true)
    await init({ contextSelector: 'main' })
    expect(runIdle()).toBe(1)
    expect(loadPanel).toHaveBeenCalledTimes(1)
  })

  it('cancels the pending preload on destroy', async () => {
    const { instance } = await init()
    expect(idleQueue).toHaveLength(1)
    await act(() => instance.destroy())
    expect(idleQueue).toHaveLength(0)
  })

  it('reports nothing when the idle preload fails, and the first use loads again', async () => {
    const failing = vi
      .fn<() => Promise<PanelModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(() => import('./panel'))
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { instance, shadow, events } = await init({}, { loadPanel: failing })
    runIdle()
    await waitFor(() => expect(failing).toHaveBeenCalledTimes(1))
    // Let the rejection settle before the first use.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(events.filter((event) => event.type === 'error')).toEqual([])
    expect(errorLog).not.toHaveBeenCalled()
    await act(() => instance.open())
    expect(failing).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(shadow.querySelector('[role="dialog"]')).not.toBeNull())
    errorLog.mockRestore()
  })
})
