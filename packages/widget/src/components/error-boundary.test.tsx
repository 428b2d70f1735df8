import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { DocChatEvent } from '../analytics'
import { domain, storageKey, widgetHarness } from '../test/harness'
import { DocChatWidget } from './doc-chat-widget'

const { backend, renderWidget } = widgetHarness()

const messagesKey = storageKey('messages')
const threadKey = storageKey('thread')
const userMessage = {
  id: 'u1',
  role: 'user',
  content: 'Stored question',
  parts: [{ type: 'text', text: 'Stored question' }],
}

// Values another script on the origin (or an older version, or a bug) may have left behind.
const corruptValues: Array<[string, string]> = [
  ['[null]', '[null]'],
  ['content: 5', JSON.stringify([{ ...userMessage, content: 5 }])],
  ['parts: 5', JSON.stringify([{ ...userMessage, parts: 5 }])],
  ['a number', '5'],
  ['not JSON', '[{'],
  ['an object', '{"messages":[]}'],
  ['a part of an unknown type', JSON.stringify([{ ...userMessage, parts: [{ type: 'html' }] }])],
]

describe('given corrupt data in storage', () => {
  it.each(corruptValues)('opens normally with %s stored as the messages', async (_name, raw) => {
    localStorage.setItem(messagesKey, raw)
    localStorage.setItem(threadKey, '{"threadId":5}')
    localStorage.setItem('docchat:recent-searches', '[null,5,{"id":1}]')
    const user = userEvent.setup()
    renderWidget({ defaultOpen: true })
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    // The widget still works: a question gets an answer.
    await user.type(
      screen.getByRole('textbox', { name: /Ask a question/ }),
      'What is DocChat?{Enter}',
    )
    await waitFor(
      () => expect(dialog.querySelector('article[aria-label="Assistant"], article')).not.toBeNull(),
      {
        timeout: 10_000,
      },
    )
  })

  it('keeps the valid messages of a partly corrupt conversation', async () => {
    localStorage.setItem(messagesKey, JSON.stringify([null, userMessage, { id: 'x' }]))
    renderWidget({ defaultOpen: true })
    expect(await screen.findByText('Stored question')).toBeInTheDocument()
  })
})

let armed = true
const events: DocChatEvent[] = []

function Bomb() {
  if (armed) throw new Error('boom')
  return null
}

function Harness() {
  const [, rerender] = useState(0)
  return (
    <DocChatWidget client={backend.client} domain={domain} onEvent={(e) => events.push(e)}>
      <Bomb />
      <button type="button" onClick={() => rerender((n) => n + 1)}>
        rerender
      </button>
    </DocChatWidget>
  )
}

describe('given an unexpected error inside the widget', () => {
  it('shows a plain message with "Start over", which clears stored data and recovers', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    localStorage.setItem(messagesKey, JSON.stringify([userMessage]))
    localStorage.setItem(threadKey, JSON.stringify({ threadId: 't1', threadKey: 'k1' }))
    localStorage.setItem('docchat:recent-searches', JSON.stringify([{ id: 'a', label: 'A' }]))
    armed = true
    events.length = 0
    const user = userEvent.setup()
    render(<Harness />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong')
    // Readers see no stack or developer detail; developers get it in the console and onEvent.
    expect(alert).not.toHaveTextContent('boom')
    expect(consoleError).toHaveBeenCalled()
    expect(events).toContainEqual(expect.objectContaining({ type: 'error', message: 'boom' }))

    armed = false
    await user.click(screen.getByRole('button', { name: 'Start over' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Ask AI/ })).toBeInTheDocument()
    expect(localStorage.getItem(messagesKey)).toBeNull()
    expect(localStorage.getItem(threadKey)).toBeNull()
    expect(localStorage.getItem('docchat:recent-searches')).toBeNull()
    consoleError.mockRestore()
  })
})
