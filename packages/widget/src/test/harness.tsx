/**
 * The widget's test harness, one for every test file: the real dev server (`@docchat/test-utils/
 * backend`) set up around the file, the components rendered against it, and the few steps every
 * conversation test takes (ask, wait for the answer). Which engine runs is the Vitest project's
 * choice (`drop-in-engine` aliases `@docchat/react` to the drop-in's); `dropInEngine` tells a test.
 */
import { createDocsClient, type DocsClient, type DocsClientOptions } from '@docchat/core'
import {
  createTestBackend,
  domain,
  type TestBackend,
  type TestBackendOptions,
  testBaseUrl,
} from '@docchat/test-utils/backend'
import { type RenderResult, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef, type ReactNode, type Ref, type RefObject, StrictMode, useRef } from 'react'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import type { DocChatEvent } from '../analytics'
import { AssistantPanel, type AssistantPanelProps } from '../components/assistant-panel'
import {
  DocChatWidget,
  type DocChatWidgetHandle,
  type DocChatWidgetProps,
} from '../components/doc-chat-widget'

export { domain, testBaseUrl }

/** Whether this run is the `drop-in-engine` project (vitest.config.ts). */
export const dropInEngine = process.env.DOCCHAT_ENGINE === 'drop-in'

/** Where `@docchat/core` stores this domain's `kind` for the test client's API. */
export const storageKey = (kind: 'messages' | 'thread' | 'conversations') =>
  `docchat:default@${testBaseUrl}:${kind}:${domain}`

export interface HarnessOptions extends TestBackendOptions {
  /**
   * Route the global `fetch` to the server too: the drop-in calls it, with no client to inject.
   */
  globalFetch?: boolean
}

type User = ReturnType<typeof userEvent.setup>

/**
 * The real dev server for this test file, created before its first test; the fault header is
 * cleared after each test. Use it from inside tests (its fields exist once the file has started).
 */
export function testBackend(options: HarnessOptions = {}): TestBackend {
  const { globalFetch, ...backendOptions } = options
  let current: TestBackend | undefined
  beforeAll(async () => {
    current = await createTestBackend(backendOptions)
    if (globalFetch) vi.stubGlobal('fetch', current.fetch)
  })
  afterAll(async () => {
    if (globalFetch) vi.unstubAllGlobals()
    await current?.close()
    current?.server.close()
  })
  afterEach(() => current?.setFault(undefined))
  return new Proxy({} as TestBackend, {
    get(_target, key) {
      if (!current) throw new Error('The test backend is created in beforeAll: use it in a test.')
      return current[key as keyof TestBackend]
    },
  })
}

export interface WidgetHarness {
  backend: TestBackend
  renderWidget(
    props?: Partial<DocChatWidgetProps>,
    options?: { strict?: boolean },
  ): RenderResult & {
    user: User
    events: DocChatEvent[]
    ref: RefObject<DocChatWidgetHandle | null>
  }
  renderPanel(props?: Partial<AssistantPanelProps>): RenderResult & { user: User }
  assistantRequests(): TestBackend['server']['requests']
}

/** The harness of a file that renders the components: its backend and renderers bound to it. */
export function widgetHarness(options: HarnessOptions = {}): WidgetHarness {
  const backend = testBackend(options)

  /**
   * `DocChatWidget` on the test server, collecting its events; `strict` renders it in StrictMode
   * (effects twice), as React apps in development do.
   */
  function renderWidget(props: Partial<DocChatWidgetProps> = {}, { strict = false } = {}) {
    const user = userEvent.setup()
    const events: DocChatEvent[] = []
    const ref = createRef<DocChatWidgetHandle>()
    const widget = (
      <DocChatWidget
        ref={ref}
        client={backend.client}
        domain={domain}
        onEvent={(event) => events.push(event)}
        {...props}
      />
    )
    const view = render(strict ? <StrictMode>{widget}</StrictMode> : widget)
    return { user, events, ref, ...view }
  }

  /** `AssistantPanel` on the test server. */
  function renderPanel(props: Partial<AssistantPanelProps> = {}) {
    const user = userEvent.setup()
    const view = render(<AssistantPanel client={backend.client} domain={domain} {...props} />)
    return { user, ...view }
  }

  /** The requests the server received for the assistant, oldest first. */
  const assistantRequests = () => backend.requestsTo('/assistant/')

  return { backend, renderWidget, renderPanel, assistantRequests }
}

/**
 * A client of the test server other than `backend.client` (another key, the lite client, …):
 * through the backend's fetch, no retries, no warnings.
 */
export function clientOf(
  backend: TestBackend,
  options: Partial<DocsClientOptions> = {},
  create: (options: DocsClientOptions) => DocsClient = createDocsClient,
): DocsClient {
  return create({
    baseUrl: testBaseUrl,
    assistantKey: backend.server.keys.assistant,
    fetch: backend.fetch,
    retry: false,
    onWarning: () => {},
    ...options,
  })
}

/**
 * A docs page with a code block, and the widget given its content as `contextContainer`: what
 * the page's "Ask AI" buttons work on.
 */
export function DocsPage({
  widget,
  ...props
}: Partial<DocChatWidgetProps> & { widget?: Ref<DocChatWidgetHandle> }): ReactNode {
  const content = useRef<HTMLElement>(null)
  return (
    <>
      <main ref={content}>
        <p>Install the packages:</p>
        <pre>
          <code className="language-bash">npm install @docchat/widget</code>
        </pre>
      </main>
      <DocChatWidget ref={widget} domain={domain} contextContainer={content} {...props} />
    </>
  )
}

/** Types `text` into the question box the way a reader pastes a question, and sends it. */
export async function ask(user: User, text: string) {
  await user.click(screen.getByRole('textbox', { name: 'Ask a question…' }))
  await user.paste(text)
  await user.keyboard('{Enter}')
}

/** Waits for the first words of an answer, presses Stop and waits for the log to settle. */
export async function stopMidAnswer(user: User) {
  const log = screen.getByRole('log')
  await waitFor(
    () => expect(log.querySelector('article')?.textContent?.length).toBeGreaterThan(0),
    { timeout: 10_000 },
  )
  await user.click(screen.getByRole('button', { name: 'Stop' }))
  await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'))
  return log
}

/**
 * Waits until `root` (the whole page's conversation log by default) shows an answer and nothing is
 * streaming; returns the last answer. Cheap selectors while streaming: role queries inside
 * waitFor rerun on every DOM mutation and compute the accessibility tree each time, which
 * dominates the test's run time in jsdom.
 */
export async function waitForAnswer(
  root: HTMLElement = screen.getByRole('log'),
  answer = 'article',
) {
  const logOf = () =>
    root.matches('[role="log"]') ? root : root.querySelector<HTMLElement>('[role="log"]')
  await waitFor(
    () => {
      expect(root.querySelector(answer)).not.toBeNull()
      expect(logOf()?.getAttribute('aria-busy')).toBe('false')
    },
    { timeout: 10_000 },
  )
  const answers = logOf()!.querySelectorAll<HTMLElement>('article')
  return answers[answers.length - 1]!
}

/** The assistant's dialog once it shows a settled answer (`answer`: which element counts). */
export async function answered(answer = 'article') {
  const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
  await waitForAnswer(dialog, answer)
  return dialog
}
