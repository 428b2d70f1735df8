// DocChat with AI SDK v5+ (`useChat` from @ai-sdk/react 2.x or 3.x) instead of @docchat/react's
// v4-based `useAssistantChat`. Core's `createDocsChatTransport` hands `useChat` v5 UI message
// chunks from either endpoint: v1's data stream (converted) or v2's UI message stream (checked and
// passed through); thread continuity and 404 recovery included.
//
// In your app: `import { useChat } from '@ai-sdk/react'`. This repository installs the v5 binding
// under the alias `@ai-sdk/react-v2` (and 3.x as `@ai-sdk/react-v3`) next to v4.
import { useChat } from '@ai-sdk/react-v2'
import {
  createDocsChatTransport,
  createThreadStore,
  type DocsClient,
  toSafeUrl,
} from '@docchat/core'
import { type FormEvent, useState } from 'react'

export interface DocsChatProps {
  client: DocsClient
  domain: string
  /** `'v1'` (default) or `'v2'`, the endpoint the transport talks to. */
  protocol?: 'v1' | 'v2'
}

interface MessagePart {
  type: string
  url?: string
  title?: string
  toolName?: string
  state?: string
  output?: unknown
}

interface SearchHit {
  path?: unknown
  metadata?: { title?: unknown }
}

export function DocsChat({ client, domain, protocol = 'v1' }: DocsChatProps) {
  // One transport per chat: it remembers the thread between questions (and across reloads).
  const [transport] = useState(() =>
    createDocsChatTransport({ client, domain, protocol, threadStore: createThreadStore() }),
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
            <Sources parts={message.parts} />
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

/**
 * The pages an answer used: the results of the `search` tool call (a `dynamic-tool` part) and any
 * `source-url` parts. Their URLs come from the server, so they go only through the URL policy.
 */
function Sources({ parts }: { parts: readonly MessagePart[] }) {
  const found = parts.flatMap((part): { url: unknown; title: unknown }[] => {
    if (part.type === 'source-url') return [{ url: part.url, title: part.title }]
    if (part.type !== 'dynamic-tool' || part.toolName !== 'search') return []
    if (part.state !== 'output-available' || !Array.isArray(part.output)) return []
    return (part.output as SearchHit[]).map((hit) => ({
      url: hit.path,
      title: hit.metadata?.title,
    }))
  })
  const links = new Map<string, string>()
  for (const { url, title } of found) {
    const safe = toSafeUrl(url)
    if (safe && !links.has(safe.href)) {
      links.set(safe.href, typeof title === 'string' && title ? title : safe.href)
    }
  }
  if (links.size === 0) return null
  return (
    <ul aria-label="Sources">
      {[...links].map(([href, title]) => (
        <li key={href}>
          <a href={href}>{title}</a>
        </li>
      ))}
    </ul>
  )
}
