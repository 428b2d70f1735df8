import { createDocsClient, createDocsClientLite } from '@docchat/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createTestBackend,
  domain,
  type TestBackend,
  testBaseUrl,
} from '@docchat/test-utils/backend'
import { AssistantPanel } from './assistant-panel'

// The widget's questions take core's request pipeline, like its searches: the body is validated
// before anything is sent, and the per-attempt timeout applies. The drop-in builds the zod-free
// lite client, React users usually the full one: both are checked.

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.server.close())
afterEach(() => backend.setFault(undefined))

const clients = { createDocsClient, createDocsClientLite }

const assistantRequests = () =>
  backend.server.requests.filter((request) => request.path.includes('/assistant/'))

async function ask(text: string) {
  const user = userEvent.setup()
  await user.click(screen.getByRole('textbox', { name: 'Ask a question…' }))
  await user.paste(text)
  await user.keyboard('{Enter}')
}

describe.each(Object.entries(clients))('a widget question through %s', (_, createClient) => {
  it('is validated before it is sent: an invalid body is a bad-request and no request', async () => {
    const client = createClient({
      baseUrl: testBaseUrl,
      assistantKey: backend.server.keys.assistant,
      fetch: backend.fetch,
      retry: false,
      onWarning: () => {},
    })
    const onEvent = vi.fn()
    const before = assistantRequests().length
    render(
      <AssistantPanel
        client={client}
        domain={domain}
        onEvent={onEvent}
        chatOptions={{ retrievalPageSize: 0 }}
      />,
    )
    await ask('How do I install the widget?')
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveAttribute('data-kind', 'bad-request')
    expect(onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', kind: 'bad-request', retryable: false }),
    )
    expect(assistantRequests()).toHaveLength(before)
  })

  it('times out when the server does not answer, after one request', async () => {
    const client = createClient({
      baseUrl: testBaseUrl,
      assistantKey: backend.server.keys.assistant,
      fetch: backend.fetch,
      timeoutMs: 300,
      onWarning: () => {},
    })
    backend.setFault('latency=10000')
    const before = assistantRequests().length
    const started = Date.now()
    render(<AssistantPanel client={client} domain={domain} />)
    await ask('How do I install the widget?')
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveAttribute('data-kind', 'timeout')
    expect(Date.now() - started).toBeLessThan(3000)
    // A question is never sent twice once it may have been answered: no retry after a timeout.
    expect(assistantRequests()).toHaveLength(before + 1)
  })
})
