// DocChat with AI SDK v5+ (`useChat` from @ai-sdk/react 2.x or 3.x) instead of @docchat/react's
// v4-based `useAssistantChat`. Core's `createDocsChatTransport` speaks the v1 endpoint's data
// stream and hands `useChat` v5 UI message chunks; thread continuity and 404 recovery included.
//
// In your app: `import { useChat } from '@ai-sdk/react'`. This repository installs the v5 binding
// under the alias `@ai-sdk/react-v2` (and 3.x as `@ai-sdk/react-v3`) next to v4.
import { useChat } from '@ai-sdk/react-v2'
import { createDocsChatTransport, type DocsClient, createThreadStore } from '@docchat/core'
import { type FormEvent, useState } from 'react'

export interface DocsChatProps {
  client: DocsClient
  domain: string
}

export function DocsChat({ client, domain }: DocsChatProps) {
  // One transport per chat: it remembers the thread between questions (and across reloads).
  const [transport] = useState(() =>
    createDocsChatTransport({ client, domain, threadStore: createThreadStore() }),
  )
  const { messages, sendMessage, status, error, stop } = useChat({ transport })
  const [input, setInput] = useState('')

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!input.trim()) return
    void sendMessage({ text: input })
    setInput('')
  }

  return (
    <div>
      <ol aria-label="Conversation">
        {messages.map((message) => (
          <li key={message.id} data-role={message.role}>
            {message.parts.map((part, index) =>
              part.type === 'text' ? <span key={index}>{part.text}</span> : null,
            )}
          </li>
        ))}
      </ol>
      {error ? <p role="alert">{error.message}</p> : null}
      <form onSubmit={onSubmit}>
        <input
          aria-label="Question"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        {status === 'streaming' || status === 'submitted' ? (
          <button type="button" onClick={stop}>
            Stop
          </button>
        ) : (
          <button type="submit">Ask</button>
        )}
      </form>
    </div>
  )
}
