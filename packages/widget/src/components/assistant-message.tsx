'use client'

import { citedPages, toSafeUrl } from '@docchat/core'
import type { MarkdownLinkProps } from '@docchat/headless'
import type { AssistantChat, MessageSource } from '@docchat/react'
import { createContext, memo, type ReactNode, useContext, useId, useMemo } from 'react'
import { formatLabel } from '../labels'
import type { FeedbackReason, FeedbackValue } from '../widget-options'
import { Icon } from './icon'
import { MessageActions } from './message-actions'
import { useOptionalPart, useOptionalParts } from './optional-parts'
import { useWidgetSettings } from './widget-settings'

type ChatMessage = AssistantChat['messages'][number]

export interface AssistantMessageProps {
  message: ChatMessage
  chat: Pick<AssistantChat, 'sources' | 'suggestions' | 'displayText' | 'notFound'>
  streaming: boolean
  feedback: FeedbackValue | undefined
  onFeedback: (message: ChatMessage, value: FeedbackValue) => void
  onFeedbackReasons?: (message: ChatMessage, reasons: FeedbackReason[], comment: string) => void
  /** The reader stopped this answer: it is marked, and may go on or be asked again. */
  stopped?: boolean
  /** Only the last answer can be regenerated. */
  onRegenerate?: () => void
  /** Asks the assistant to go on with a stopped answer (only the last one). */
  onContinue?: () => void
  onSourceClick: (source: { url: string; position: number; messageId: string }) => void
  /** Opens search: an answer that found nothing says to search the docs, and here is how. */
  onSearchDocs?: (() => void) | undefined
}

/**
 * One answer: streamed markdown with numbered citation chips linking to its sources, the sources
 * it cites (each page once), suggestions for pages not already listed, the "not found" note
 * unless the answer says so itself, a stopped marker with Continue and Regenerate and, once
 * finished, the actions.
 */
export const AssistantMessage = memo(function AssistantMessage({
  message,
  chat,
  streaming,
  feedback,
  onFeedback,
  onFeedbackReasons,
  stopped = false,
  onRegenerate,
  onContinue,
  onSourceClick,
  onSearchDocs,
}: AssistantMessageProps) {
  const { labels, docsBaseUrl, openSourcesInNewTab } = useWidgetSettings()
  const suggestionsId = useId()
  const text = chat.displayText(message)
  // Sources and suggestions only change when tool results or the closing block arrive; computing
  // them per token is cheap, but the lists below re-render only when they change.
  // core's numbering (citations.ts), the one Copy and the export use too.
  const sources = citedPages(text, chat.sources(message), docsBaseUrl)
  const sourcesKey = sources.map((s) => s.url ?? s.title).join('\n')
  const listed = new Set(sources.flatMap((s) => (s.url === null ? [] : [stripHash(s.url)])))
  // A page already under Sources is not suggested again.
  const suggestions = streaming
    ? []
    : chat
        .suggestions(message)
        .filter((suggestion) => suggestion.url === null || !listed.has(stripHash(suggestion.url)))
  const notFound = chat.notFound(message)
  const newTab = openSourcesInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}

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
      newTab: openSourcesInNewTab,
    }),
    [sourcesKey, message.id, onSourceClick, openSourcesInNewTab],
  )

  const hasText = text.trim().length > 0
  const renderer = useOptionalPart(useOptionalParts().markdown, hasText)
  return (
    <article
      className="docchat-message"
      data-role="assistant"
      data-state={streaming ? 'streaming' : stopped ? 'stopped' : 'complete'}
      data-not-found={notFound ? '' : undefined}
      aria-label={labels.assistant}
    >
      {hasText && !renderer ? (
        // The renderer is still on its way (the drop-in fetches it as the reader asks): the
        // words, as they stand, rather than nothing.
        <div className="docchat-markdown docchat-markdown-pending">{text}</div>
      ) : null}
      {hasText && renderer ? (
        <CitationsContext.Provider value={citations}>
          <renderer.Markdown
            className="docchat-markdown"
            content={text}
            streaming={streaming}
            docsBaseUrl={docsBaseUrl}
            hideSuggestions
            baseHeadingLevel={3}
            components={markdownComponents}
            labels={{
              copy: labels.copyCode,
              copied: labels.copied,
              unfinished: labels.codeUnfinished,
            }}
          />
        </CitationsContext.Provider>
      ) : null}
      {stopped && !streaming ? (
        <div className="docchat-stopped">
          <p className="docchat-stopped-note">
            <Icon name="stop" />
            <span>{labels.stopped}</span>
          </p>
          {onContinue || onRegenerate ? (
            <div className="docchat-stopped-actions">
              {onContinue && hasText ? (
                <button type="button" className="docchat-button" onClick={onContinue}>
                  <Icon name="arrowRight" flip />
                  {labels.continue}
                </button>
              ) : null}
              {onRegenerate ? (
                <button type="button" className="docchat-button" onClick={onRegenerate}>
                  <Icon name="refresh" />
                  {labels.regenerate}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
      {/* The answer usually says it found nothing itself; the note is for when it doesn't. */}
      {notFound && !streaming && !hasText ? (
        <p className="docchat-not-found">
          <Icon name="search" />
          <span>{labels.notFound}</span>
        </p>
      ) : null}
      {notFound && !streaming && onSearchDocs ? (
        <button type="button" className="docchat-button docchat-search-docs" onClick={onSearchDocs}>
          <Icon name="search" />
          {labels.searchTheDocs}
        </button>
      ) : null}
      {/* After the answer, once complete: a list growing under streaming text would shift. */}
      {sources.length > 0 && !streaming ? (
        <SourceList
          sources={sources}
          messageId={message.id}
          onSourceClick={onSourceClick}
          newTab={openSourcesInNewTab}
        />
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
                      {...newTab}
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
          sources={sources}
          messageId={message.id}
          feedback={feedback}
          onFeedback={(value) => onFeedback(message, value)}
          onFeedbackReasons={
            onFeedbackReasons
              ? (reasons, comment) => onFeedbackReasons(message, reasons, comment)
              : undefined
          }
          // A stopped answer offers Regenerate beside Continue already.
          onRegenerate={stopped ? undefined : onRegenerate}
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
  newTab: boolean
}

const CitationsContext = createContext<Citations | null>(null)

/**
 * Links in answers. Answers cite as `[1](/page)`: a bare number becomes a citation chip linking
 * to its source, renumbered to match the Sources list (a number that matches no source keeps its
 * own, never shown as a literal `[1]`); every link to a source reports its click.
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
  const newTab = external || citations?.newTab
  const rel = newTab ? 'noopener noreferrer' : undefined
  const target = newTab ? '_blank' : undefined
  const cited = /^\[?(\d+)\]?$/.exec(plainText(children).trim())
  if (cited) {
    const number = position === undefined ? Number(cited[1]) : position + 1
    const name = source?.title ?? title ?? href
    return (
      <a
        className="docchat-citation"
        href={href}
        target={target}
        rel={rel}
        title={name}
        aria-label={formatLabel(labels.citation, { number, title: name })}
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
  newTab,
}: {
  sources: MessageSource[]
  messageId: string
  onSourceClick: AssistantMessageProps['onSourceClick']
  newTab: boolean
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
                  target={newTab ? '_blank' : undefined}
                  rel={newTab ? 'noopener noreferrer' : undefined}
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
  a: { sources: MessageSource[]; messageId: string; onSourceClick: unknown; newTab: boolean },
  b: { sources: MessageSource[]; messageId: string; onSourceClick: unknown; newTab: boolean },
) {
  return (
    a.messageId === b.messageId &&
    a.newTab === b.newTab &&
    a.onSourceClick === b.onSourceClick &&
    a.sources.length === b.sources.length &&
    a.sources.every((s, i) => s.url === b.sources[i]?.url && s.title === b.sources[i]?.title)
  )
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
