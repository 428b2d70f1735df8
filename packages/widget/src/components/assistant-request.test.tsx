import { createDocsClient, createDocsClientLite } from '@docchat/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ask as askAs, clientOf, domain, widgetHarness } from '../test/harness'
import { AssistantPanel } from './assistant-panel'

// The widget's questions take core's request pipeline, like its searches: the body is validated
// before anything is sent, and the per-attempt timeout applies. The drop-in builds the zod-free
// lite client, React users usually the full one: both are checked.

const { backend, assistantRequests } = widgetHarness()

const clients = { createDocsClient, createDocsClientLite }

const ask = (text: string) => askAs(userEvent.setup(), text)

describe.each(Object.entries(clients))('a widget question through %s', (_, createClient) => {
  it('is validated before it is sent: an invalid body is a bad-request and no request', async () => {
    const client = clientOf(backend, {}, createClient)
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
    // Core's default retry policy, not `retry: false`: the question must still go only once.
    const client = clientOf(backend, { timeoutMs: 300, retry: undefined }, createClient)
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
