// #region assistant
import { useChat } from '@ai-sdk/react'
import type { UIMessage } from 'ai'
import {
  createDocsChatTransport,
  createThreadStore,
  type DocsClient,
  getUIMessageDisplayText,
  getUIMessageSources,
  getUIMessageSuggestions,
  getUIMessageText,
} from '@docchat/core'
import { type FormEvent, useState } from 'react'

export interface DocsChatProps {
  client: DocsClient
  domain: string
  docsBaseUrl?: string // where your docs live: sources link there
  protocol?: 'v1' | 'v2' // the endpoint the transport talks to
}

export function DocsChat({ client, domain, docsBaseUrl, protocol = 'v1' }: DocsChatProps) {
  // One transport per chat: it remembers the thread between questions (and across reloads).
  const [transport] = useState(() =>
    createDocsChatTransport({ client, domain, protocol, threadStore: createThreadStore() }),
  )
  const { messages, sendMessage, status, error, stop } = useChat({ transport })
  const [input, setInput] = useState('')
  const busy = status === 'submitted' || status === 'streaming'

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (input.trim()) void sendMessage({ text: input })
    setInput('')
  }

  return (
    <div>
      <ol aria-label="Conversation">
        {messages.map((message) => (
          <li key={message.id} data-role={message.role}>
            {message.role === 'user' ? (
              <p>{getUIMessageText(message)}</p>
            ) : (
              <>
                {/* The answer is Markdown: render it with your Markdown component. */}
                <div className="answer">{getUIMessageDisplayText(message)}</div>
                <Links label="Sources" links={sources(message, docsBaseUrl)} />
                <Links label="Read next" links={suggestions(message, docsBaseUrl)} />
              </>
            )}
          </li>
        ))}
      </ol>
      {error ? <p role="alert">The assistant could not answer. Try again.</p> : null}
      <form onSubmit={onSubmit}>
        <input
          aria-label="Question"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        {busy ? (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="submit">Ask</button>
        )}
      </form>
    </div>
  )
}
// #endregion assistant

// #region links
type Link = [url: string | null, text: string]
const sources = (message: UIMessage, docsBaseUrl?: string): Link[] =>
  getUIMessageSources(message, { docsBaseUrl }).map((source) => [source.url, source.title])
const suggestions = (message: UIMessage, docsBaseUrl?: string): Link[] =>
  getUIMessageSuggestions(message, { docsBaseUrl }).map((link) => [link.url, link.text])

/** URLs from the API are data: the helpers pass them through core's URL policy (`null`: refused). */
function Links({ label, links }: { label: string; links: Link[] }) {
  if (links.length === 0) return null
  return (
    <ul aria-label={label}>
      {links.map(([url, text], index) => (
        <li key={index}>{url ? <a href={url}>{text}</a> : text}</li>
      ))}
    </ul>
  )
}
// #endregion links
