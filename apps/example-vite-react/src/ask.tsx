// #region ask
import { Markdown } from '@docchat/headless'
import { useAssistantChat, useDocChat } from '@docchat/react'
import { useState } from 'react'

export function Ask() {
  const chat = useAssistantChat()
  const { docsBaseUrl } = useDocChat()
  const [input, setInput] = useState('')
  const last = chat.messages.at(-1)

  return (
    <section aria-label="Ask the docs">
      {chat.messages.map((message) =>
        message.role === 'user' ? (
          <p key={message.id} className="question">
            {message.content}
          </p>
        ) : (
          <article key={message.id} aria-label="Answer">
            {/* Markdown, not a <p>: answers have lists, code and [1](/page) citations. Its links
                go through core's URL policy and resolve under docsBaseUrl. */}
            <Markdown
              content={chat.displayText(message)}
              docsBaseUrl={docsBaseUrl}
              streaming={chat.isLoading && message === last}
            />
            {chat.notFound(message) && <p>The docs don't cover this yet.</p>}
            <Links label="Sources" links={chat.sources(message).map((s) => [s.url, s.title])} />
            <Links
              label="Read next"
              links={chat.suggestions(message).map((s) => [s.url, s.text])}
            />
          </article>
        ),
      )}

      {chat.error && (
        <p role="alert">
          {chat.error.kind === 'rate-limited'
            ? 'Too many questions, try again soon.'
            : 'Something went wrong.'}
        </p>
      )}

      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (!input.trim()) return
          void chat.send(input)
          setInput('')
        }}
      >
        <input
          aria-label="Question"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        {chat.isLoading ? (
          <button type="button" onClick={chat.stop}>
            Stop
          </button>
        ) : (
          <button type="submit">Ask</button>
        )}
        <button type="button" onClick={chat.newThread}>
          New conversation
        </button>
      </form>
    </section>
  )
}
// #endregion ask

// #region links
/** Links from the API are already through core's URL policy: `null` means refused, so show text. */
function Links({ label, links }: { label: string; links: [url: string | null, text: string][] }) {
  if (links.length === 0) return null
  return (
    <nav aria-label={label}>
      <ul>
        {links.map(([url, text], index) => (
          <li key={index}>{url ? <a href={url}>{text}</a> : text}</li>
        ))}
      </ul>
    </nav>
  )
}
// #endregion links
