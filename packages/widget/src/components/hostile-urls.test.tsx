import type { DocsClient } from '@docchat/core'
import {
  type AssistantChat,
  getMessageDisplayText,
  getMessageSources,
  getMessageSuggestions,
  isMessageNotFound,
} from '@docchat/react'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { hostileUrls, unsafeHrefReason } from '../../../core/src/test/hostile-urls'
import { projectId } from '@docchat/test-utils/backend'
import { clientOf, domain, dropInEngine, testBackend } from '../test/harness'
import { AgentJobStatus } from './agent-job-status'
import { AssistantMessage } from './assistant-message'
import { OptionalPartsContext, optionalPart } from './optional-parts'
import { SearchModal } from './search-modal'
import { WidgetScope } from './widget-scope'

const docsBaseUrl = 'https://docs.example.com/docs'
// Suggestions and markdown links are one line each: forms with a line break cannot be written there.
const oneLine = hostileUrls.filter((url) => !/[\n\r\u2028]/.test(url))

function pwned(): unknown {
  return (window as unknown as { __pwned?: unknown }).__pwned
}

/** Every link in `root` is one the browser reads as http(s), mailto or a same-origin path. */
function expectOnlySafeLinks(root: HTMLElement) {
  for (const element of Array.from(
    root.querySelectorAll('[href], [src], [action], [formaction]'),
  )) {
    for (const name of ['href', 'src', 'action', 'formaction']) {
      const value = element.getAttribute(name)
      expect(unsafeHrefReason(value), `${name} on <${element.tagName}>`).toBeNull()
    }
  }
}

// Each test activates well over a hundred items; under load that takes longer than the default.

/** Clicks and presses Enter on every link and inert link text, as a reader would. */
function activateAll(root: HTMLElement) {
  const targets = Array.from(
    root.querySelectorAll<HTMLElement>('a, [data-inert-link], [role="option"]'),
  )
  for (const target of targets) {
    fireEvent.click(target)
    fireEvent.keyDown(target, { key: 'Enter' })
  }
  return targets.length
}

let now = Date.UTC(2026, 10, 22, 8)
const backend = testBackend({ adminClient: true, now: () => now, seed: false })

/**
 * A client whose API answers come from the real dev server, with `rewrite` applied to the JSON
 * of each response: a compromised or prompt-injected API, byte for byte what the widget parses.
 */
function hostileClient(rewrite: (path: string, body: unknown) => unknown): DocsClient {
  return clientOf(backend, {
    adminKey: backend.server.keys.admin,
    dangerouslyAllowBrowser: true,
    fetch: async (input, init) => {
      const response = await backend.fetch(input, init)
      if (!response.headers.get('content-type')?.includes('json')) return response
      const path = new URL(new Request(input, init).url).pathname
      const body = rewrite(path, await response.json())
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: response.headers,
      })
    },
  })
}

/** The chat's readings of a message, as the widget's chat gives them. */
const chat: Pick<AssistantChat, 'sources' | 'suggestions' | 'displayText' | 'notFound'> = {
  sources: (m) => getMessageSources(m, { docsBaseUrl }),
  suggestions: (m) => getMessageSuggestions(m, { docsBaseUrl }),
  displayText: getMessageDisplayText,
  notFound: isMessageNotFound,
}

/** One finished answer as the panel shows it. */
const messageView = (
  message: AssistantChat['messages'][number],
  onSourceClick: (source: unknown) => void = () => {},
) => (
  <WidgetScope docsBaseUrl={docsBaseUrl}>
    <AssistantMessage
      message={message}
      chat={chat}
      streaming={false}
      feedback={undefined}
      onFeedback={() => {}}
      onSourceClick={onSourceClick}
    />
  </WidgetScope>
)

describe('an answer whose links are hostile', () => {
  const message = {
    id: 'answer-1',
    role: 'assistant' as const,
    content: [
      // Three distinct safe targets: an answer that cites a listed source may list only those.
      'See [the guide](/guides/safe-link) and the quickstart [1](/quickstart).',
      ...oneLine.map(
        (url, i) =>
          `- [link ${i}](<${url.replace(/[\\<>]/g, '\\$&')}>) and [${i + 1}](<${url.replace(/[\\<>]/g, '\\$&')}>)`,
      ),
      '',
      '```suggestions',
      '(Start here)[/guides/safe-suggestion]',
      ...oneLine.filter((url) => url.trim()).map((url, i) => `(Suggestion ${i})[${url}]`),
      '```',
    ].join('\n'),
    parts: [
      ...hostileUrls.map((url, i) => ({
        type: 'source' as const,
        source: { sourceType: 'url' as const, id: `s${i}`, url, title: `Source ${i}` },
      })),
      {
        type: 'source' as const,
        source: { sourceType: 'url' as const, id: 'ok', url: '/quickstart', title: 'Quickstart' },
      },
    ],
  } as unknown as AssistantChat['messages'][number]

  it('renders sources, suggestions and citations as text, and only safe links', async () => {
    const onSourceClick = vi.fn()
    const { container } = render(messageView(message, onSourceClick))
    const sources = container.querySelectorAll('.docchat-source')
    expect(sources).toHaveLength(hostileUrls.length + 1)
    expect(container.querySelectorAll('.docchat-source[data-inert-link]')).toHaveLength(
      hostileUrls.length,
    )
    expect(
      container.querySelectorAll('.docchat-suggestion[data-inert-link]').length,
    ).toBeGreaterThan(90)
    // The safe ones are still links, resolved under the base path, so the checks can fail.
    expect(within(container.querySelector('.docchat-sources')!).getByRole('link')).toHaveAttribute(
      'href',
      'https://docs.example.com/docs/quickstart',
    )
    expect(screen.getByRole('link', { name: 'Start here' })).toHaveAttribute(
      'href',
      'https://docs.example.com/docs/guides/safe-suggestion',
    )
    // The answer's own text waits for its renderer (a part of its own, loaded as it is needed).
    expect(await screen.findByRole('link', { name: 'the guide' })).toHaveAttribute(
      'href',
      'https://docs.example.com/docs/guides/safe-link',
    )
    // The guide, the quickstart's citation chip, its source and the safe suggestion.
    expect(container.querySelectorAll('a')).toHaveLength(4)
    expect(container.querySelector('a.docchat-citation')).toHaveAttribute(
      'href',
      'https://docs.example.com/docs/quickstart',
    )
    expectOnlySafeLinks(container)

    expect(activateAll(container)).toBeGreaterThan(300)
    for (const [event] of onSourceClick.mock.calls) expect(unsafeHrefReason(event.url)).toBeNull()
    expect(onSourceClick).toHaveBeenCalledTimes(4)
    expect(pwned()).toBeUndefined()
  }, 60_000)
})

describe('an answer whose text is hostile, before and after its renderer arrives', () => {
  it('shows it as text while the renderer loads, and renders no markup and no unsafe link once it does', async () => {
    const content = [
      '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=1</script>',
      '[click](javascript:window.__pwned=1) <a href="javascript:window.__pwned=1">a</a>',
      'a'.repeat(100_000),
      `${'> '.repeat(5_000)}quoted`,
      ...Array.from({ length: 1_000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`),
      // Last: a fence of 10k backticks that never closes takes the rest as code.
      `x ${'`'.repeat(10_000)}`,
      '`'.repeat(10_000),
    ].join('\n\n')
    const message = {
      id: 'hostile-text',
      role: 'assistant' as const,
      content,
      parts: [{ type: 'text' as const, text: content }],
    } as unknown as AssistantChat['messages'][number]
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const never = () => new Promise<never>(() => {})
    const parts = {
      history: optionalPart(never),
      attachments: optionalPart(never),
      contextCapture: optionalPart(never),
      search: optionalPart(never),
      markdown: optionalPart(() => gate.then(() => import('./answer-markdown'))),
    }
    const { container } = render(
      <OptionalPartsContext.Provider value={parts}>
        {messageView(message)}
      </OptionalPartsContext.Provider>,
    )
    const markup = 'img, script, a, iframe, [onerror]'
    const pending = container.querySelector('.docchat-markdown-pending')
    expect(pending?.textContent).toBe(getMessageDisplayText(message))
    expect(pending?.textContent).toContain('<img src=x onerror=')
    expect(pending?.children).toHaveLength(0)
    expect(container.querySelectorAll(markup)).toHaveLength(0)

    release()
    await waitFor(() => expect(container.querySelector('.docchat-markdown-pending')).toBeNull())
    const rendered = container.querySelector('.docchat-markdown')!
    expect(rendered.textContent).toContain('<img src=x onerror=')
    // Rendered, not the plain text again: the lists and the quote are elements now.
    expect(rendered.querySelectorAll('li').length).toBeGreaterThan(0)
    expect(rendered.querySelector('blockquote')).not.toBeNull()
    expect(rendered.querySelectorAll('img, script, iframe, [onerror]')).toHaveLength(0)
    expectOnlySafeLinks(container)
    activateAll(container)
    expect(pwned()).toBeUndefined()
  }, 60_000)
})

describe('search results whose paths are hostile', () => {
  it('shows them, follows none on click or Enter, and never saves them as recent searches', async () => {
    localStorage.clear()
    const client = hostileClient((path, body) => {
      if (!path.startsWith('/discovery/v1/search/') || !Array.isArray(body) || !body[0]) return body
      // One real result, repeated under every hostile path.
      return hostileUrls.map((url, i) => ({
        ...body[0],
        path: url,
        metadata: { ...body[0].metadata, title: `Result ${i}`, anchor: undefined },
      }))
    })
    const navigate = vi.fn()
    const view = render(
      <SearchModal
        client={client}
        domain={domain}
        defaultOpen
        navigate={navigate}
        docsBaseUrl={docsBaseUrl}
      />,
    )
    const input = screen.getByRole('combobox', { name: 'Search the docs' })
    fireEvent.change(input, { target: { value: 'widget' } })
    const listbox = screen.getByRole('listbox')
    await waitFor(
      () => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(100),
      { timeout: 5000 },
    )
    const options = within(listbox).getAllByRole('option')
    for (const option of options) {
      fireEvent.click(option)
      fireEvent.pointerMove(option)
      fireEvent.keyDown(input, { key: 'Enter' })
    }
    expect(navigate).not.toHaveBeenCalled()
    expectOnlySafeLinks(view.container)
    expect(localStorage.getItem('docchat:recent-searches') ?? '[]').toBe('[]')
    view.unmount()

    // A stored recent search with a hostile link (planted, or saved by an older version) is
    // dropped when the search opens again, as after a reload.
    localStorage.setItem(
      'docchat:recent-searches',
      JSON.stringify([
        ...hostileUrls.map((href, i) => ({ id: `h${i}`, label: `Planted ${i}`, href })),
        { id: 'ok', label: 'Quickstart', href: '/quickstart' },
      ]),
    )
    const reloaded = render(
      <SearchModal client={client} domain={domain} defaultOpen navigate={navigate} />,
    )
    const recent = await waitFor(() => {
      const found = within(screen.getByRole('listbox')).getAllByRole('option')
      expect(found.length).toBeGreaterThan(0)
      return found
    })
    expect(recent.map((option) => option.textContent)).toEqual(['Quickstart'])
    activateAll(reloaded.container)
    expect(navigate.mock.calls).toEqual([['/quickstart']])
    expect(pwned()).toBeUndefined()
    localStorage.clear()
  }, 120_000)
})

// The drop-in renders no agent jobs, so its engine (project drop-in-engine) has no useAgentJob.
describe.skipIf(dropInEngine)('an agent job whose pull request link is hostile', () => {
  it('shows the pull request label as text for every hostile form', async () => {
    const created = await backend.client.createAgentJob(projectId, {
      messages: [{ role: 'user', content: 'Document the widget theming options' }],
    })
    await created.response.body?.cancel()
    now += 60 * 60_000
    let link = ''
    const client = hostileClient((path, body) =>
      path.includes('/agent/') && body && typeof body === 'object'
        ? { ...body, pullRequestLink: link }
        : body,
    )
    const renderJob = () =>
      render(
        <AgentJobStatus
          client={client}
          domain={domain}
          projectId={projectId}
          jobId={created.sessionId!}
          intervalMs={1000}
        />,
      )
    for (const form of hostileUrls.filter((url) => url.trim())) {
      link = form
      const view = renderJob()
      const inert = await waitFor(() => {
        const found = view.container.querySelector('[data-inert-link]')
        expect(found).not.toBeNull()
        return found as HTMLElement
      })
      expect(inert).toHaveTextContent('View pull request')
      expect(view.container.querySelector('a')).toBeNull()
      activateAll(view.container)
      view.unmount()
    }
    // The API's own link stays a link.
    link = 'https://github.com/docchat-dev/docchat-project/pull/1'
    const view = renderJob()
    expect(
      await within(view.container).findByRole('link', { name: 'View pull request' }),
    ).toHaveAttribute('href', link)
    expect(pwned()).toBeUndefined()
  }, 60_000)
})
