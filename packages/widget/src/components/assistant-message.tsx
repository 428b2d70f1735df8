'use client'

import { toSafeUrl } from '@docchat/core'
import { Markdown, type MarkdownLinkProps } from '@docchat/headless'
import type { AssistantChat, MessageSource } from '@docchat/react'
import { createContext, memo, type ReactNode, useContext, useId, useMemo } from 'react'
import { formatLabel } from '../labels'
import type { FeedbackValue } from '../widget-options'
import { Icon } from './icon'
import { MessageActions } from './message-actions'
import { useWidgetSettings } from './widget-scope'

type ChatMessage = AssistantChat['messages'][number]

export interface AssistantMessageProps {
  message: ChatMessage
  chat: Pick<AssistantChat, 'sources' | 'suggestions' | 'displayText' | 'notFound'>
  streaming: boolean
  feedback: FeedbackValue | undefined
  onFeedback: (message: ChatMessage, value: FeedbackValue) => void
  onRegenerate?: () => void
  onSourceClick: (source: { url: string; position: number; messageId: string }) => void
}

/**
 * One answer: streamed markdown with numbered citations on links to its sources, the sources
 * list, suggestion links, the "not found" note and, once finished, the actions.
 */
export const AssistantMessage = memo(function AssistantMessage({
  message,
  chat,
  streaming,
  feedback,
  onFeedback,
  onRegenerate,
  onSourceClick,
}: AssistantMessageProps) {
  const { labels, docsBaseUrl } = useWidgetSettings()
  const suggestionsId = useId()
  const text = chat.displayText(message)
  // Sources and suggestions only change when tool results or the closing block arrive; computing
  // them per token is cheap, but the lists below re-render only when they change.
  const sources = pagesOf(chat.sources(message))
  const sourcesKey = sources.map((s) => s.url ?? s.title).join('\n')
  const suggestions = streaming ? [] : chat.suggestions(message)
  const notFound = chat.notFound(message)

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the source URLs
  const citations = useMemo<Citations>(
    () => ({
      sources,
      index: new Map(
        sources.flatMap((source, position) =>
          source.url === null ? [] : [[stripHash(source.url), position] as const],
        ),
      ),
      messageId: message.id,
      onSourceClick,
    }),
    [sourcesKey, message.id, onSourceClick],
  )

  const hasText = text.trim().length > 0
  return (
    <article
      className="docchat-message"
      data-role="assistant"
      data-state={streaming ? 'streaming' : 'complete'}
      aria-label={labels.assistant}
    >
      {hasText ? (
        <CitationsContext.Provider value={citations}>
          <Markdown
            className="docchat-markdown"
            content={text}
            streaming={streaming}
            docsBaseUrl={docsBaseUrl}
            hideSuggestions
            baseHeadingLevel={3}
            components={markdownComponents}
            labels={{ copy: labels.copyCode, copied: labels.copied }}
          />
        </CitationsContext.Provider>
      ) : null}
      {notFound && !streaming ? (
        <p className="docchat-not-found">
          <Icon name="search" />
          <span>{labels.notFound}</span>
        </p>
      ) : null}
      {/* After the answer, once complete: a list growing under streaming text would shift. */}
      {sources.length > 0 && !streaming ? (
        <SourceList sources={sources} messageId={message.id} onSourceClick={onSourceClick} />
      ) : null}
      {suggestions.length > 0 ? (
        <div className="docchat-suggestions">
          <h3 className="docchat-section-title" id={`${suggestionsId}-title`}>
            {labels.suggestions}
          </h3>
          <ul className="docchat-suggestion-list" aria-labelledby={`${suggestionsId}-title`}>
            {suggestions.map((suggestion, index) => {
              const target = linkTarget(suggestion.url)
              return (
                <li key={`${index}:${suggestion.path}`}>
                  {target ? (
                    <a
                      className="docchat-suggestion"
                      href={target}
                      onClick={() =>
                        onSourceClick({ url: target, position: -1, messageId: message.id })
                      }
                    >
                      <Icon name="arrowRight" flip />
                      {suggestion.text}
                    </a>
                  ) : (
                    <span className="docchat-suggestion" data-inert-link="">
                      <Icon name="arrowRight" flip />
                      {suggestion.text}
                    </span>
                  )}
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
      {!streaming && (hasText || notFound) ? (
        <MessageActions
          text={text}
          feedback={feedback}
          onFeedback={(value) => onFeedback(message, value)}
          onRegenerate={onRegenerate}
        />
      ) : null}
    </article>
  )
})

interface Citations {
  sources: MessageSource[]
  index: Map<string, number>
  messageId: string
  onSourceClick: AssistantMessageProps['onSourceClick']
}

const CitationsContext = createContext<Citations | null>(null)

/**
 * Links in answers. Answers cite as `[1](/page)`: a bare number linking to a source becomes a
 * citation chip, renumbered to match the Sources list; every link to a source reports its click.
 */
function CitationLink({ href, external, title, children }: MarkdownLinkProps) {
  const citations = useContext(CitationsContext)
  const { labels } = useWidgetSettings()
  const position = citations?.index.get(stripHash(href))
  const source = position === undefined ? undefined : citations?.sources[position]
  const onClick = () =>
    citations?.onSourceClick({
      url: href,
      position: position ?? -1,
      messageId: citations.messageId,
    })
  const rel = external ? 'noopener noreferrer' : undefined
  const target = external ? '_blank' : undefined
  if (source && position !== undefined && /^\[?\d+\]?$/.test(plainText(children).trim())) {
    const number = position + 1
    return (
      <a
        className="docchat-citation"
        href={href}
        target={target}
        rel={rel}
        title={source.title}
        aria-label={formatLabel(labels.citation, { number, title: source.title })}
        onClick={onClick}
      >
        {number}
      </a>
    )
  }
  return (
    <a href={href} title={title} target={target} rel={rel} onClick={onClick}>
      {children}
    </a>
  )
}

const markdownComponents = { link: CitationLink }

const SourceList = memo(function SourceList({
  sources,
  messageId,
  onSourceClick,
}: {
  sources: MessageSource[]
  messageId: string
  onSourceClick: AssistantMessageProps['onSourceClick']
}) {
  const { labels } = useWidgetSettings()
  const titleId = useId()
  // A named list, not a navigation landmark: every answer has one, and landmarks must be unique.
  return (
    <div className="docchat-sources">
      <h3 className="docchat-section-title" id={titleId}>
        {labels.sources}
      </h3>
      <ol className="docchat-source-list" aria-labelledby={titleId}>
        {sources.map((source, position) => {
          const target = linkTarget(source.url)
          const content = (
            <>
              <span className="docchat-source-index" aria-hidden="true">
                {position + 1}
              </span>
              <span className="docchat-source-title">{source.title}</span>
            </>
          )
          return (
            <li key={`${position}:${source.url ?? source.title}`}>
              {target ? (
                <a
                  className="docchat-source"
                  href={target}
                  title={target}
                  onClick={() => onSourceClick({ url: target, position, messageId })}
                >
                  {content}
                </a>
              ) : (
                <span className="docchat-source" data-inert-link="">
                  {content}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}, sameSources)

function sameSources(
  a: { sources: MessageSource[]; messageId: string; onSourceClick: unknown },
  b: { sources: MessageSource[]; messageId: string; onSourceClick: unknown },
) {
  return (
    a.messageId === b.messageId &&
    a.onSourceClick === b.onSourceClick &&
    a.sources.length === b.sources.length &&
    a.sources.every((s, i) => s.url === b.sources[i]?.url && s.title === b.sources[i]?.title)
  )
}

/**
 * One source per page: an answer often cites several sections of the same page, which would list
 * the page title several times. The first section's URL (with its anchor) stays.
 */
function pagesOf(sources: MessageSource[]): MessageSource[] {
  const seen = new Set<string>()
  return sources.filter((source) => {
    if (source.url === null) return true
    const page = stripHash(source.url)
    if (seen.has(page)) return false
    seen.add(page)
    return true
  })
}

/**
 * Sources and suggestions arrive resolved by `@docchat/react`, but `chat` can be any object: the
 * URL policy runs again here, on what is actually rendered. `null` renders plain text.
 */
function linkTarget(url: string | null): string | null {
  return url === null ? null : (toSafeUrl(url)?.href ?? null)
}

function plainText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(plainText).join('')
  return ''
}

function stripHash(url: string): string {
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}
