import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ask, domain, testBackend, testBaseUrl, waitForAnswer } from '../test/harness'
import { DocChatWidget } from './doc-chat-widget'

// Issue 22: a Next.js Server Component page can pass a Client Component only serializable props,
// so `<DocChatWidget>` must work from `domain` with a proxy path or an API URL and key, with no
// client object built in the page. The widget builds its client with the global fetch.
const backend = testBackend({ globalFetch: true })

const assistantRequests = () =>
  backend.server.requests.filter((request) => request.path.includes('/assistant/'))

describe('DocChatWidget from serializable props only', () => {
  it('answers with apiBaseUrl and assistantKey, sending the key', async () => {
    const before = assistantRequests().length
    const props = { domain, apiBaseUrl: testBaseUrl, assistantKey: backend.server.keys.assistant }
    // What crosses from a Server Component is JSON: the props must survive it whole.
    expect(JSON.parse(JSON.stringify(props))).toEqual(props)
    render(<DocChatWidget {...props} defaultOpen search={false} />)
    await ask(userEvent.setup(), 'How do I install the widget?')
    const answer = await waitForAnswer()
    expect(answer.textContent?.length).toBeGreaterThan(20)
    expect(assistantRequests()).toHaveLength(before + 1)
    expect(assistantRequests().at(-1)!.headers.authorization).toBe(
      `Bearer ${backend.server.keys.assistant}`,
    )
  })

  it('goes through proxyUrl without sending a key, even when one is given', async () => {
    const before = assistantRequests().length
    render(
      <DocChatWidget
        domain={domain}
        proxyUrl={testBaseUrl}
        assistantKey="mint_dsc_must_not_be_sent"
        defaultOpen
        search={false}
      />,
    )
    await ask(userEvent.setup(), 'How do I install the widget?')
    await waitFor(() => expect(assistantRequests()).toHaveLength(before + 1))
    expect(assistantRequests().at(-1)!.headers.authorization).toBeUndefined()
    // The dev server wants a key, which a real proxy adds: the reader sees an error, not a crash.
    await waitFor(() => expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'false'))
  })
})
