import { Conversation, ContextChips, Markdown } from '@docchat/headless'
import { DocChatProvider, useAssistantChat } from '@docchat/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type FormEvent, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { answerTimeout } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import '../../src/headless-demo.css'

/** A complete (unstyled) chat from the headless parts and the React hook, against the dev server. */
function HeadlessChat() {
  const chat = useAssistantChat()
  const [draft, setDraft] = useState('')
  const busy = chat.status === 'streaming' || chat.status === 'submitted'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!draft.trim()) return
    void chat.send(draft)
    setDraft('')
  }
  return (
    <div className="demo">
      <Conversation.Root busy={busy}>
        <Conversation.Log aria-label="Conversation">
          {chat.messages.map((message) =>
            message.role === 'user' ? (
              <p key={message.id}>
                <strong>You:</strong> {message.content}
              </p>
            ) : (
              <article key={message.id} aria-label="Answer">
                <Markdown
                  content={chat.displayText(message)}
                  streaming={busy && message.id === chat.messages.at(-1)?.id}
                  docsBaseUrl="https://docchat.dev"
                  headingOffset={2}
                />
              </article>
            ),
          )}
        </Conversation.Log>
        <Conversation.ScrollToBottom>↓ Latest</Conversation.ScrollToBottom>
        <Conversation.Announcer busyMessage="Generating answer" />
      </Conversation.Root>
      <ContextChips items={chat.context} onRemove={(_item, index) => chat.removeContext(index)} />
      <form onSubmit={submit}>
        <label>
          Question
          <input value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <button type="submit">Send</button>
        {busy ? (
          <button type="button" onClick={chat.stop}>
            Stop
          </button>
        ) : null}
      </form>
    </div>
  )
}

const meta = {
  title: 'Headless/Conversation log',
  component: HeadlessChat,
  loaders: [devServerLoader],
  render: (_args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <div style={{ padding: 24 }}>
        <DocChatProvider client={backend.client} domain={backend.domain}>
          <HeadlessChat />
        </DocChatProvider>
      </div>
    )
  },
} satisfies Meta<typeof HeadlessChat>
export default meta
type Story = StoryObj<typeof meta>

async function askQuestion(canvasElement: HTMLElement, question: string) {
  const canvas = within(canvasElement)
  await userEvent.click(canvas.getByRole('textbox', { name: 'Question' }))
  await userEvent.keyboard(question)
  await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Conversation' })
    await expect(log).toHaveAttribute('aria-busy', 'false')
    await expect(log).toHaveAttribute('aria-live', 'polite')
  },
}

/** `aria-busy` while tokens arrive; the live region speaks once, when the answer is done. */
export const StreamingThenAnnounced: Story = {
  parameters: { docchat: { fault: 'token-rate=40' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await askQuestion(canvasElement, 'How do I install the widget?')
    const log = canvas.getByRole('log', { name: 'Conversation' })
    await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'true'))
    await expect(await canvas.findByText('Generating answer')).toBeInTheDocument()
    await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'), {
      timeout: answerTimeout,
    })
    await expect(canvas.getByText('Answer ready')).toBeInTheDocument()
    await expect(within(log).getByRole('article', { name: 'Answer' }).textContent).toMatch(/widget/)
  },
}

/** Scrolled up mid-stream, the log stops following; "Latest" scrolls back down. */
export const ScrolledUpStopsFollowing: Story = {
  parameters: { docchat: { fault: 'token-rate=30' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await askQuestion(canvasElement, 'How do I use the React hooks with code examples?')
    const log = canvas.getByRole('log', { name: 'Conversation' })
    await waitFor(() => expect(log.scrollHeight).toBeGreaterThan(log.clientHeight + 40), {
      timeout: answerTimeout,
    })
    log.scrollTop = 0
    log.dispatchEvent(new Event('scroll'))
    const latest = await canvas.findByRole('button', { name: 'Scroll to bottom' })
    await expect(log.scrollTop).toBe(0)
    await userEvent.click(latest)
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(4))
  },
}
